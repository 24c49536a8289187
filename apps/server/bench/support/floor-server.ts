import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

/**
 * The floor of the large-org reads: a bare node:http server, in a process of its own like the real one, that
 * answers `/<i>` with the bytes of the i-th file named on its command line (`<file>:<encoding>`, the encoding
 * `identity` or `br`), with the headers a kept answer carries, and nothing else: no framework, no
 * authentication, no database. What the real server takes beyond it is the application's. Prints its port.
 */
const answers = process.argv.slice(2).map((arg) => {
  const at = arg.lastIndexOf(':');
  const [file, encoding] = [arg.slice(0, at), arg.slice(at + 1)];
  const body = readFileSync(file);
  return {
    body,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(body.length),
      ETag: '"floor"',
      'Cache-Control': 'private, no-cache',
      Vary: 'Accept-Encoding',
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    },
  };
});

const server = createServer((req, res) => {
  const answer = answers[Number(req.url?.slice(1))];
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
