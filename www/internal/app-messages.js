// The app's own words: part "app" of the message catalogs (www/locales/<lang>/app.js),
// for the modules of the app page and the print view. Importing `t` from here makes sure
// the English messages are registered first, in a page and in Node's tests alike.
import { addEnglish, t } from './i18n.js';
import english from '../locales/en/app.js';

addEnglish('app', english);

export { t };
