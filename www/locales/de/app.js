// German messages, part "app": the app page and the print view.
// The format is in www/locales/README.md. Keys are the same in every language.
export default {
};
