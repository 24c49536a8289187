import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '@okul/domain';
import type { Db } from '@okul/projections';
import type { AppConfig } from '../config/config';
import { createPgDb } from './db/pg-db';
import { createPgliteDb } from './db/pglite-db';
import { PostgresEventStore } from '../event-store/postgres-event-store';

export interface Persistence {
  /** Read models, checkpoints, sessions: PostgreSQL, or embedded PGlite. The API's pool. */
  db: Db;
  /**
   * The projection runner's database: on PostgreSQL a pool of its own (PROJECTION_POOL_SIZE) plus the
   * connection of the leaders' locks, so read-model writes and requests never wait for each other's
   * connections; on PGlite the same single connection as `db`.
   */
  projectionDb: Db;
  /** The event store: the Postgres one on `db`, or EventStoreDB when EVENTSTORE_URL is set. */
  store: EventStore;
  /** Called after every local append (wakes projections early). */
  onAppended(listener: (position: bigint) => void): () => void;
  close(): Promise<void>;
}

export async function openPersistence(
  config: Pick<
    AppConfig,
    | 'DATABASE_URL'
    | 'DATA_DIR'
    | 'EVENTSTORE_URL'
    | 'DATABASE_POOL_SIZE'
    | 'PROJECTION_POOL_SIZE'
    | 'DATABASE_CONNECT_TIMEOUT_MS'
  >,
): Promise<Persistence> {
  let db: Db;
  let projectionDb: Db;
  if (config.DATABASE_URL) {
    const connectTimeoutMs = config.DATABASE_CONNECT_TIMEOUT_MS;
    db = createPgDb(config.DATABASE_URL, {
      max: config.DATABASE_POOL_SIZE,
      applicationName: 'okul-api',
      connectTimeoutMs,
    });
    projectionDb = createPgDb(config.DATABASE_URL, {
      max: config.PROJECTION_POOL_SIZE,
      applicationName: 'okul-projections',
      connectTimeoutMs,
    });
  } else {
    const dir = join(config.DATA_DIR, 'pglite');
    mkdirSync(dir, { recursive: true });
    db = await createPgliteDb(dir);
    projectionDb = db;
  }
  let store: EventStore;
  let onAppended: Persistence['onAppended'];
  if (config.EVENTSTORE_URL) {
    const { EventStoreDbEventStore } = await import('../event-store/eventstoredb-event-store');
    const esdb = EventStoreDbEventStore.connect(config.EVENTSTORE_URL);
    store = esdb;
    onAppended = (l) => esdb.onAppended(l);
  } else {
    const pgStore = await PostgresEventStore.create(db);
    store = pgStore;
    onAppended = (l) => pgStore.onAppended(l);
  }
  return {
    db,
    projectionDb,
    store,
    onAppended,
    async close() {
      await store.close();
      if (projectionDb !== db) await projectionDb.close();
      await db.close();
    },
  };
}
