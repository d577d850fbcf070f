// French messages, part "core": what the widget and the app share: the board, entry modes, status lines, the reader's keys and announcements, the technique help.
// The format is in www/locales/README.md. Keys are the same in every language.
export default {
};
