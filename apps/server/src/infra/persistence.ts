import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '@okul/domain';
import type { Db } from '@okul/projections';
import type { AppConfig } from '../config/config';
import { createPgDb } from './db/pg-db';
import { createPgliteDb } from './db/pglite-db';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { PersonalDataEventStore, StudentDataKeys } from '../event-store/personal-data-event-store';
import { currentOrganization } from './organization-scope';

export interface Persistence {
  /** Read models, checkpoints, sessions: PostgreSQL, or embedded PGlite. The API's pool. */
  db: Db;
  /**
   * The projection runner's database: on PostgreSQL a pool of its own (PROJECTION_POOL_SIZE) plus the
   * connection of the leaders' locks, so read-model writes and requests never wait for each other's
   * connections; on PGlite the same single connection as `db`.
   */
  projectionDb: Db;
  /**
   * The owner's pool (the projections' on PostgreSQL): the projections' writer, the event store's appends,
   * migrations, and the few deliberate reads across organisations (sign-in by e-mail, platform lists). With
   * DATABASE_APP_ROLE set, `db` runs as that role under row-level security and this one does not.
   */
  ownerDb: Db;
  /** The event store as the owner reads it (every organisation's streams); appends go through `store`. */
  ownerStore: EventStore;
  /**
   * The event store: the Postgres one on `db`, or EventStoreDB when EVENTSTORE_URL is set, with the
   * students' personal fields encrypted at rest (event-store/personal-data-event-store.ts).
   */
  store: EventStore;
  /**
   * The events as stored (personal fields sealed), read by the owner: what the hash chain covers and
   * `events verify` reads.
   */
  rawStore: EventStore;
  /** The students' data keys (KVKK erasure shreds one). */
  dataKeys: StudentDataKeys;
  /** Called after every local append (wakes projections early). */
  onAppended(listener: (position: bigint) => void): () => void;
  /**
   * Whether `onAppended` also tells every other process's appends: on PostgreSQL they are heard through the
   * store's NOTIFY, and PGlite is written by this process alone; EventStoreDB tells only this process's own.
   */
  hearsEveryAppend: boolean;
  close(): Promise<void>;
}

/**
 * Streams of a person rather than of an organisation: a user, their address reservation, sessions and inbox,
 * an invitation (read by its invitee, who is not yet a member) and a subscription checkout; and an image upload
 * token, presented by an upload that carries no session and names its organisation only by the folder it asks
 * for (which the token's own organisation must match). Their events carry
 * the organisation the user acted in, which differs from event to event, so a decision on them reads them
 * whole; who may act on them is the accounts rules' business (docs/DECISIONS.md, "Row-level security").
 */
const ACCOUNT_STREAMS = /^(user|user_email|session|inbox|invitation|checkout|media-upload)-/;
const isAccountStream = (streamId: string) => ACCOUNT_STREAMS.test(streamId);

export async function openPersistence(
  config: Pick<
    AppConfig,
    | 'DATABASE_URL'
    | 'DATA_DIR'
    | 'EVENTSTORE_URL'
    | 'DATABASE_POOL_SIZE'
    | 'PROJECTION_POOL_SIZE'
    | 'DATABASE_CONNECT_TIMEOUT_MS'
    | 'DATABASE_APP_ROLE'
    | 'dataEncryptionKey'
  >,
  opts: {
    /** Everything as the owner (the CLI: an operator's tool across organisations, no request behind it). */
    owner?: boolean;
  } = {},
): Promise<Persistence> {
  let db: Db;
  let projectionDb: Db;
  if (config.DATABASE_URL) {
    const connectTimeoutMs = config.DATABASE_CONNECT_TIMEOUT_MS;
    const appRole = opts.owner ? undefined : config.DATABASE_APP_ROLE;
    db = createPgDb(config.DATABASE_URL, {
      max: config.DATABASE_POOL_SIZE,
      applicationName: 'okul-api',
      connectTimeoutMs,
      ...(appRole ? { role: appRole, organization: currentOrganization } : {}),
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
  let rawStore: EventStore;
  let rawOwnerStore: EventStore;
  let onAppended: Persistence['onAppended'];
  if (config.EVENTSTORE_URL) {
    const { EventStoreDbEventStore } = await import('../event-store/eventstoredb-event-store');
    const esdb = EventStoreDbEventStore.connect(config.EVENTSTORE_URL);
    rawStore = esdb;
    rawOwnerStore = esdb;
    onAppended = (l) => esdb.onAppended(l);
  } else {
    const pgStore = await PostgresEventStore.create(db, projectionDb, isAccountStream);
    rawStore = pgStore;
    rawOwnerStore = projectionDb === db ? pgStore : new PostgresEventStore(projectionDb, projectionDb);
    onAppended = (l) => pgStore.onAppended(l);
  }
  // The keys are read and written by the owner, like the appends: the projections read every organisation.
  const dataKeys = new StudentDataKeys(projectionDb, config.dataEncryptionKey);
  await dataKeys.prepare();
  const store = new PersonalDataEventStore(rawStore, dataKeys);
  const ownerStore = rawOwnerStore === rawStore ? store : new PersonalDataEventStore(rawOwnerStore, dataKeys);
  return {
    db,
    projectionDb,
    ownerDb: projectionDb,
    store,
    rawStore: rawOwnerStore,
    dataKeys,
    ownerStore,
    onAppended,
    hearsEveryAppend: !config.EVENTSTORE_URL,
    async close() {
      await store.close();
      if (projectionDb !== db) await projectionDb.close();
      await db.close();
    },
  };
}
