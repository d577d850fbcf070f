// The app's own words: part "app" of the message catalogs (www/locales/<lang>/app.js),
// for the modules of the app page and the print view, which also name techniques and
// levels from the start (the help panel, a grade, the difficulty menu): their English
// hints part comes with the page, not with the first hint as the widget's does. Importing
// `t` from here makes sure the English messages are registered first, in a page and in
// Node's tests alike.
import { addEnglish, t } from './i18n.js';
import english from '../locales/en/app.js';
import englishHints from '../locales/en/hints.js';

addEnglish('app', english);
addEnglish('hints', englishHints);

export { t };
