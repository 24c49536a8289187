import { loadConfig } from '../../src/config/config';
import { createFastifyServer } from './fastify-app';

/**
 * The bench's Fastify server process: `src/main.ts` with the application built by `createFastifyServer`
 * (same environment, same port setting), started by `startServerProcess(url, { http: 'fastify' })`.
 */
async function main() {
  const config = loadConfig();
  const server = await createFastifyServer(config);
  await server.app.listen(config.PORT, '127.0.0.1');
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
