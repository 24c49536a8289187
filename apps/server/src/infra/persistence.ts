import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '@okul/domain';
import type { Db } from '@okul/projections';
import type { AppConfig } from '../config/config';
import { createPgDb } from './db/pg-db';
import { createPgliteDb } from './db/pglite-db';
import { PostgresEventStore } from '../event-store/postgres-event-store';

export interface Persistence {
  /** Read models, checkpoints, sessions: PostgreSQL, or embedded PGlite. */
  db: Db;
  /** The event store: the Postgres one on `db`, or EventStoreDB when EVENTSTORE_URL is set. */
  store: EventStore;
  /** Called after every local append (wakes projections early). */
  onAppended(listener: (position: bigint) => void): () => void;
  close(): Promise<void>;
}

export async function openPersistence(
  config: Pick<AppConfig, 'DATABASE_URL' | 'DATA_DIR' | 'EVENTSTORE_URL'>,
): Promise<Persistence> {
  let db: Db;
  if (config.DATABASE_URL) {
    db = createPgDb(config.DATABASE_URL);
  } else {
    const dir = join(config.DATA_DIR, 'pglite');
    mkdirSync(dir, { recursive: true });
    db = await createPgliteDb(dir);
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
    store,
    onAppended,
    async close() {
      await store.close();
      await db.close();
    },
  };
}
