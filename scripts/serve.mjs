// `npm start` ends here: serves the built site, dist/app/ (scripts/app-folder.mjs: the
// pages and what they load, JavaScript minified), on http://127.0.0.1:$PORT (default 8080).
// With --sources it serves the checkout itself instead (the pages with the modules of www/
// as written, and the sw.js the build wrote beside them), as the tests do.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticServer } from './server.mjs';
import { APP_FOLDER } from './app-folder.mjs';

const project = fileURLToPath(new URL('..', import.meta.url));
const sources = process.argv.includes('--sources');
const unknown = process.argv.slice(2).filter((arg) => arg !== '--sources');
if (unknown.length) {
  console.error(`unknown argument ${unknown[0]}: the only one is --sources (serve the checkout, not ${APP_FOLDER}/)`);
  process.exit(1);
}
const root = sources ? project : join(project, APP_FOLDER);
if (!existsSync(join(root, 'index.html')) || !existsSync(join(root, 'sw.js'))) {
  console.error(`${sources ? 'the checkout' : `${APP_FOLDER}/`} has no built site yet: run npm run build (npm start does it)`);
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}"`);
  process.exit(1);
}
const server = staticServer({ root });
server.on('error', (err) => {
  console.error(err.code === 'EADDRINUSE'
    ? `port ${port} is in use; choose another with PORT=8081 npm start`
    : `cannot serve: ${err.message}`);
  process.exit(1);
});
server.listen(port, host, () => {
  console.log(`sudoku64 is serving ${sources ? 'the sources' : `${APP_FOLDER}/`} on http://${host}:${server.address().port}/  (Ctrl+C stops it)`);
});
