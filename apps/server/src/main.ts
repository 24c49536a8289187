import { ConfigError, loadConfig } from './config/config';
import { createServer } from './app';
import { log } from './infra/observability/logger';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      log('config').fatal(e.message);
      process.exit(1);
    }
    throw e;
  }
  const server = await createServer(config);
  if (config.ROLES.includes('api')) {
    await server.app.listen(config.PORT);
    server.logger.info(
      `KursPanel is listening on http://localhost:${config.PORT} (db: ${server.runtime.persistence.db.kind}, queue: ${server.runtime.queue.kind})`,
    );
  } else {
    server.logger.info(`KursPanel worker started (roles: ${config.ROLES.join(', ')})`);
  }
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
