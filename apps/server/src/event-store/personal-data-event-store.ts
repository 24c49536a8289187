import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import {
  anonymisedEventData,
  anonymisedListedPersonalData,
  listedPersonalDataOwners,
  personalDataOwner,
  splitPersonalData,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
  type StreamAppend,
} from '@okul/domain';
import type { Sql } from '@okul/projections';
import {
  orphaned,
  pipelinesAppends,
  type PipelineOptions,
  type PipelinedAppends,
  type QueuedAppend,
} from './pipelined-appends';

/**
 * KVKK crypto-shredding (docs/DECISIONS.md, "Erasure under KVKK"). Each student's personal fields are stored
 * encrypted with a data key of that student; the keys live here, outside the events, wrapped by the master
 * key. Shredding a key leaves its row (without the key) so that a later append for that student stores the
 * personal fields anonymised instead of minting a new key.
 */
export const DATA_KEYS_SCHEMA = `
  SELECT pg_advisory_xact_lock(hashtext('okul:student_data_keys_schema'));
  CREATE TABLE IF NOT EXISTS student_data_keys (
    organization_id text NOT NULL,
    student_id text NOT NULL,
    wrapped_key text,
    created_at timestamptz NOT NULL DEFAULT now(),
    shredded_at timestamptz,
    PRIMARY KEY (organization_id, student_id)
  );
`;

/** The field of a stored event's data that holds its encrypted personal fields. */
export const SEALED_FIELD = 'personalData';

interface Sealed {
  v: 1;
  iv: string;
  tag: string;
  ct: string;
}

const ALGORITHM = 'aes-256-gcm';

function seal(key: Buffer, plain: Buffer, aad: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plain), cipher.final()]);
  return {
    v: 1,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ct: ct.toString('base64'),
  };
}

function open(key: Buffer, sealed: Sealed, aad: string): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ct, 'base64')), decipher.final()]);
}

function isSealed(v: unknown): v is Sealed {
  return typeof v === 'object' && v !== null && (v as Sealed).v === 1 && typeof (v as Sealed).ct === 'string';
}

const ownerKey = (organizationId: string, studentId: string) => `${organizationId}|${studentId}`;

/** A student's key as the store holds it: the unwrapped key, or null once shredded. */
type KeyState = Buffer | null;

/**
 * The students' data keys, wrapped by the master key (AES-256-GCM, bound to the organisation and student
 * by the associated data, so a row copied to another student does not open). Nothing is cached between
 * calls: a key shredded by one instance is gone for every other one at its next read.
 */
export class StudentDataKeys {
  private readonly master: Buffer;
  /** Derived from the master key for one purpose only, so a reference never doubles as a wrapping key. */
  private readonly tcknRefKey: Buffer;

  constructor(
    private readonly db: Sql,
    masterKeyBase64: string,
  ) {
    this.master = Buffer.from(masterKeyBase64, 'base64');
    if (this.master.length !== 32) throw new Error('The data encryption key must be 32 bytes');
    this.tcknRefKey = Buffer.from(hkdfSync('sha256', this.master, '', 'okul:tckn-reference', 32));
  }

  /**
   * The keyed hash (HMAC-SHA256) that names a TCKN's reservation stream and derives an imported student's
   * id. A plain hash of an 11-digit number is reversed by trying every number; without the master key this
   * one is not. The same master key gives the same reference on every instance, which uniqueness needs.
   */
  readonly tcknRef = (organizationId: string, tckn: string): string =>
    createHmac('sha256', this.tcknRefKey).update(`${organizationId}|${tckn}`).digest('hex');

  async prepare(): Promise<void> {
    await this.db.exec(DATA_KEYS_SCHEMA);
  }

  /** The keys of these students; `create` mints the missing ones (a shredded key stays shredded). */
  async keys(
    owners: Array<{ organizationId: string; studentId: string }>,
    create: boolean,
  ): Promise<Map<string, KeyState>> {
    const unique = new Map(owners.map((o) => [ownerKey(o.organizationId, o.studentId), o]));
    const out = new Map<string, KeyState>();
    if (unique.size === 0) return out;
    const orgs = [...unique.values()].map((o) => o.organizationId);
    const students = [...unique.values()].map((o) => o.studentId);
    type KeyRow = { organization_id: string; student_id: string; wrapped_key: string | null };
    const read = () =>
      this.db.query<KeyRow>(
        `SELECT k.organization_id, k.student_id, k.wrapped_key FROM student_data_keys k
           JOIN unnest($1::text[], $2::text[]) AS w(o, s) ON k.organization_id = w.o AND k.student_id = w.s`,
        [orgs, students],
      );
    let r: { rows: KeyRow[] };
    if (create) {
      const wrapped = [...unique.values()].map((o) =>
        this.wrap(randomBytes(32), o.organizationId, o.studentId),
      );
      // One round trip (a registration's append waits for it): the keys minted here and those that existed.
      r = await this.db.query<KeyRow>(
        `WITH w AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS w(o, s, k)),
         minted AS (
           INSERT INTO student_data_keys (organization_id, student_id, wrapped_key)
           SELECT o, s, k FROM w
           ON CONFLICT (organization_id, student_id) DO NOTHING
           RETURNING organization_id, student_id, wrapped_key
         )
         SELECT organization_id, student_id, wrapped_key FROM minted
         UNION ALL
         SELECT k.organization_id, k.student_id, k.wrapped_key FROM student_data_keys k
           JOIN w ON k.organization_id = w.o AND k.student_id = w.s`,
        [orgs, students, wrapped],
      );
      // Two appends minting a key for one student at once: the first row wins, and the other's statement,
      // which began before that row was committed, sees neither; it reads the winner's key back.
      if (r.rows.length < unique.size) r = await read();
    } else {
      r = await read();
    }
    for (const row of r.rows) {
      out.set(
        ownerKey(row.organization_id, row.student_id),
        row.wrapped_key === null ? null : this.unwrap(row.wrapped_key, row.organization_id, row.student_id),
      );
    }
    return out;
  }

  /** Deletes the student's key for good (KVKK erasure); repeating it changes nothing. */
  async shred(organizationId: string, studentId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO student_data_keys (organization_id, student_id, wrapped_key, shredded_at)
       VALUES ($1, $2, NULL, now())
       ON CONFLICT (organization_id, student_id)
       DO UPDATE SET wrapped_key = NULL, shredded_at = coalesce(student_data_keys.shredded_at, now())`,
      [organizationId, studentId],
    );
  }

  /** Whether the student's key is shredded. */
  async isShredded(organizationId: string, studentId: string): Promise<boolean> {
    const r = await this.db.query<{ gone: boolean }>(
      `SELECT wrapped_key IS NULL AS gone FROM student_data_keys WHERE organization_id = $1 AND student_id = $2`,
      [organizationId, studentId],
    );
    return r.rows[0]?.gone ?? false;
  }

  private wrap(key: Buffer, organizationId: string, studentId: string): string {
    return JSON.stringify(seal(this.master, key, ownerKey(organizationId, studentId)));
  }

  private unwrap(wrapped: string, organizationId: string, studentId: string): Buffer {
    // A key that does not open is a configuration error (another master key), never an erasure: it throws
    // rather than showing every student as erased.
    try {
      return open(this.master, JSON.parse(wrapped) as Sealed, ownerKey(organizationId, studentId));
    } catch (e) {
      throw new Error(
        `The data key of student ${studentId} does not open with DATA_ENCRYPTION_KEY: is it the key the data was written with?`,
        { cause: e },
      );
    }
  }
}

/** An append of `appendManyQueued` being sealed: its place in the store below once it is queued there. */
class SealingPlace {
  readonly below: Promise<QueuedAppend>;
  placed!: (place: QueuedAppend) => void;
  lost!: (error: unknown) => void;

  constructor(readonly appends: StreamAppend[]) {
    this.below = new Promise<QueuedAppend>((resolve, reject) => {
      this.placed = resolve;
      this.lost = reject;
    });
    // Awaited only by an append that names this one; a failure is answered to its own caller.
    this.below.catch(() => undefined);
  }
}

/**
 * The event store with the students' personal fields encrypted at rest (a decorator of the port): appends
 * seal the fields listed in libs/domain (students/personal-data.ts) with the student's key, every read
 * opens them again, or anonymises them once the key is shredded. Deciders, projections, exports and
 * backups above it see plain events; the hash chain is computed below it, over what is stored, so it
 * stays valid after an erasure.
 */
export class PersonalDataEventStore implements EventStore, PipelinedAppends {
  constructor(
    private readonly inner: EventStore,
    private readonly keys: StudentDataKeys,
  ) {}

  get appendManyIsAtomic(): boolean {
    return this.inner.appendManyIsAtomic;
  }

  async append(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    return this.inner.append(streamId, await this.sealAll(events), expectedVersion);
  }

  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    return this.inner.appendMany(await this.sealAppends(appends));
  }

  get pipelinesAppends(): boolean {
    return pipelinesAppends(this.inner);
  }

  /**
   * The place is told at once, before the sealing (a key looked up or created: a round trip), so the caller's
   * next append can be decided meanwhile; the store below queues each append once sealed and, when it names
   * an earlier one (`after`), not before that one is queued there, which keeps their order.
   */
  appendManyQueued(appends: StreamAppend[], options: PipelineOptions): Promise<AppendResult[]> {
    const inner = this.inner;
    if (!pipelinesAppends(inner)) {
      return Promise.reject(new Error('appendManyQueued: the store below does not queue appends'));
    }
    const after = options.after as unknown;
    if (after !== undefined && !(after instanceof SealingPlace)) {
      return Promise.reject(new Error('appendManyQueued: `after` is not an append queued by this store'));
    }
    const place = new SealingPlace(appends);
    options.queued(place as unknown as QueuedAppend);
    const written = (async () => {
      const sealed = await this.sealAppends(appends);
      let before: QueuedAppend | undefined;
      if (after) {
        // Not queued below (its sealing failed): it is not written, so neither is this one.
        before = await after.below.catch(() => {
          throw orphaned(appends, after.appends);
        });
      }
      return inner.appendManyQueued(sealed, { queued: (p) => place.placed(p), after: before });
    })();
    written.catch((e: unknown) => place.lost(e));
    return written;
  }

  private async sealAppends(appends: StreamAppend[]): Promise<StreamAppend[]> {
    const sealed = await this.sealAll(appends.flatMap((a) => a.events));
    let i = 0;
    return appends.map((a) => ({ ...a, events: a.events.map(() => sealed[i++]) }));
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    return this.openAll(await this.inner.readStream(streamId));
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    const streams = await this.inner.readStreams(streamIds);
    // One key lookup for every stream's events, then each stream gets its own opened events back.
    const opened = await this.openAll([...streams.values()].flat());
    const out = new Map<string, StoredEvent[]>();
    let i = 0;
    for (const [id, events] of streams) out.set(id, opened.slice(i, (i += events.length)));
    return out;
  }

  async readAll(fromPosition: bigint, limit: number): Promise<StoredEvent[]> {
    return this.openAll(await this.inner.readAll(fromPosition, limit));
  }

  /** Types are not personal data: answered by the inner store as they are, when it can. */
  get readTypes(): EventStore['readTypes'] {
    return this.inner.readTypes?.bind(this.inner);
  }

  headPosition(): Promise<bigint> {
    return this.inner.headPosition();
  }

  async readOrganization(
    organizationId: string,
    fromPosition: bigint,
    limit: number,
  ): Promise<StoredEvent[]> {
    return this.openAll(await this.inner.readOrganization(organizationId, fromPosition, limit));
  }

  organizationHead(organizationId: string, types?: readonly string[]): Promise<bigint | null> {
    return this.inner.organizationHead(organizationId, types);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async sealAll<E extends NewEvent>(events: E[]): Promise<E[]> {
    const owners = events.flatMap((e) => {
      const o = personalDataOwner(e.type, e.data);
      return o && !isSealed((e.data as Record<string, unknown>)[SEALED_FIELD]) ? [o] : [];
    });
    if (owners.length === 0) return events;
    const keys = await this.keys.keys(owners, true);
    return events.map((e) => {
      const o = personalDataOwner(e.type, e.data);
      if (!o) return e;
      const data = e.data as Record<string, unknown>;
      if (isSealed(data[SEALED_FIELD])) return e;
      const key = keys.get(ownerKey(o.organizationId, o.studentId));
      // A shredded key: the student was erased, so whatever personal data still arrives is not kept.
      if (!key) return { ...e, data: anonymisedEventData(e.type, data) };
      const { personal, rest } = splitPersonalData(e.type, data);
      const sealed = seal(key, Buffer.from(JSON.stringify(personal)), e.id);
      return { ...e, data: { ...rest, [SEALED_FIELD]: sealed } };
    });
  }

  private async openAll(events: StoredEvent[]): Promise<StoredEvent[]> {
    const owners = events.flatMap((e) => {
      const o = personalDataOwner(e.type, e.data);
      return o ? [o] : listedPersonalDataOwners(e.type, e.data);
    });
    if (owners.length === 0) return events;
    const keys = await this.keys.keys(owners, false);
    return events.map((e) => {
      const o = personalDataOwner(e.type, e.data);
      if (!o) {
        // Several students in one event (an SMS campaign): an erased student's entries are blanked.
        const organizationId = (e.data as { organizationId?: unknown }).organizationId;
        const erased = (studentId: string) => keys.get(ownerKey(String(organizationId), studentId)) === null;
        const data = anonymisedListedPersonalData(e.type, e.data, erased);
        return data === e.data ? e : { ...e, data };
      }
      const { [SEALED_FIELD]: sealed, ...rest } = e.data as Record<string, unknown>;
      const key = keys.get(ownerKey(o.organizationId, o.studentId));
      // Stored in clear before sealing existed (docs/DECISIONS.md): anonymised once the student is erased.
      if (!isSealed(sealed)) return key === null ? { ...e, data: anonymisedEventData(e.type, rest) } : e;
      if (!key) return { ...e, data: anonymisedEventData(e.type, rest) };
      const personal = JSON.parse(open(key, sealed, e.id).toString('utf8')) as Record<string, unknown>;
      return { ...e, data: { ...rest, ...personal } };
    });
  }
}
