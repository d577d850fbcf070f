// English messages, part "hints": hint sentences, technique names and the engine's error messages.
// The format is in www/locales/README.md. Keys are the same in every language.
export default {
};
