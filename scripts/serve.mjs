// `npm start` ends here: serves the project folder on http://127.0.0.1:$PORT (default 8080).
import { fileURLToPath } from 'node:url';
import { staticServer } from './server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
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
  console.log(`sudoku64 is serving on http://${host}:${server.address().port}/  (Ctrl+C stops it)`);
});
