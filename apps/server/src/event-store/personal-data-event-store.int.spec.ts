import { randomBytes, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventMetadata, type NewEvent } from '@okul/domain';
import type { Db } from '@okul/projections';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db';
import { runCli } from '../cli/cli';
import { createPgliteDb } from '../infra/db/pglite-db';
import { EventChainer, verifyChain } from './event-chain';
import { PersonalDataEventStore, SEALED_FIELD, StudentDataKeys } from './personal-data-event-store';
import type { QueuedAppend } from './pipelined-appends';
import { PostgresEventStore } from './postgres-event-store';

const PERSONAL = [
  'Zeynep',
  'Kaya',
  '10000000146',
  '5321234567',
  'zeynep@ornek.com',
  'Moda Cd. 7',
  'Ahmet Kaya',
];

/** Events as text (positions are bigints). */
const asText = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));

function meta(org: string): EventMetadata {
  return {
    organizationId: org,
    userId: randomUUID(),
    ipAddress: '10.0.0.1',
    userAgent: 'kvkk-test',
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: '2026-01-05T09:00:00.000Z',
  };
}

function registered(org: string, studentId: string, studentNumber: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'StudentRegistered',
    data: {
      studentId,
      organizationId: org,
      studentNumber,
      name: 'Zeynep',
      surname: 'Kaya',
      dobD: 1,
      dobM: 2,
      dobY: 2012,
      regD: 5,
      regM: 1,
      regY: 2026,
      TCKN: '10000000146',
      email: 'zeynep@ornek.com',
      phone: '5321234567',
      studentPhoneOptInStatus: 'ONAY',
      address: 'Moda Cd. 7',
      pob: 'İzmir',
      facebook: null,
      instagram: null,
      parent1Name: 'Ahmet Kaya',
      parent1Phone: '5331112233',
      parent1Job: 'Mühendis',
      parent2Name: null,
      parent2Phone: null,
      parent2Job: null,
      parent1PhoneOptInStatus: null,
      parent2PhoneOptInStatus: null,
      notes: null,
      studentPhoneConsentDate: '2026-01-05T09:00:00.000Z',
      parent1PhoneConsentDate: null,
      parent2PhoneConsentDate: null,
      createdBy: null,
      createdAt: '2026-01-05T09:00:00.000Z',
    },
    metadata: meta(org),
  };
}

function paid(org: string, studentId: string): NewEvent {
  return {
    id: randomUUID(),
    type: 'PaymentAdded',
    data: { paymentId: randomUUID(), studentId, organizationId: org, amount: 125_050 },
    metadata: meta(org),
  };
}

function storeSuite(name: string, open: () => Promise<{ db: Db; cleanup(): Promise<void> }>) {
  describe(`the personal-data event store (${name})`, () => {
    let db: Db;
    let cleanup: () => Promise<void>;
    let raw: PostgresEventStore;
    let keys: StudentDataKeys;
    let store: PersonalDataEventStore;
    const org = randomUUID();
    const student = randomUUID();
    const other = randomUUID();
    const stream = `student-${student}`;
    const master = randomBytes(32).toString('base64');

    beforeAll(async () => {
      ({ db, cleanup } = await open());
      raw = await PostgresEventStore.create(db);
      keys = new StudentDataKeys(db, master);
      await keys.prepare();
      store = new PersonalDataEventStore(raw, keys);
      await store.append(stream, [registered(org, student, 26001), paid(org, student)], 'no_stream');
      await store.appendMany([
        {
          streamId: `student-${other}`,
          events: [registered(org, other, 26002)],
          expectedVersion: 'no_stream',
        },
        {
          streamId: `student-tckn-${org}-x`,
          events: [
            {
              id: randomUUID(),
              type: 'TcknReserved',
              data: { organizationId: org, tckn: '10000000146', studentId: student, reservedAt: 'x' },
              metadata: meta(org),
            },
          ],
          expectedVersion: 'no_stream',
        },
      ]);
      // PGlite starts slowly (WebAssembly) on a busy machine.
    }, 180_000);
    afterAll(async () => {
      await store.close();
      await cleanup();
    });

    it('stores the personal fields sealed and nothing of them in clear', async () => {
      const stored = await raw.readOrganization(org, 0n, 100);
      expect(stored).toHaveLength(4);
      const text = asText(stored);
      for (const p of PERSONAL) expect(text).not.toContain(p);
      const reg = stored[0].data as Record<string, unknown>;
      expect(reg[SEALED_FIELD]).toBeDefined();
      expect(reg.studentNumber).toBe(26001);
      expect(reg.regY).toBe(2026);
      expect(reg.name).toBeUndefined();
      expect((stored[1].data as { amount: number }).amount).toBe(125_050);
      const keyRows = await db.query(`SELECT wrapped_key FROM student_data_keys WHERE organization_id = $1`, [
        org,
      ]);
      expect(keyRows.rows).toHaveLength(2);
      for (const p of PERSONAL) expect(JSON.stringify(keyRows.rows)).not.toContain(p);
    });

    it('reads every path back in clear: the stream, several streams, all events, the organisation', async () => {
      const [reg, pay] = await store.readStream(stream);
      expect(reg.data).toMatchObject({
        name: 'Zeynep',
        surname: 'Kaya',
        TCKN: '10000000146',
        parent1Name: 'Ahmet Kaya',
      });
      expect(reg.data).not.toHaveProperty(SEALED_FIELD);
      expect(pay.data).toMatchObject({ amount: 125_050 });
      const several = await store.readStreams([stream, `student-${other}`, 'no-such-stream']);
      expect(several.get(stream)?.map((e) => e.data)).toEqual([reg.data, pay.data]);
      expect(several.get(`student-${other}`)?.[0].data).toMatchObject({ name: 'Zeynep' });
      expect(several.get('no-such-stream') ?? []).toEqual([]);
      const all = await store.readAll(0n, 100);
      expect(
        all.filter((e) => e.type === 'StudentRegistered').map((e) => (e.data as { name: string }).name),
      ).toEqual(['Zeynep', 'Zeynep']);
      const byOrg = await store.readOrganization(org, 0n, 100);
      expect(byOrg.find((e) => e.type === 'TcknReserved')?.data).toMatchObject({ tckn: '10000000146' });
    });

    it('does not seal twice what arrives sealed, and keeps appends idempotent by event id', async () => {
      const again = (await store.readStream(stream))[0];
      const before = await raw.headPosition();
      await store.append(
        stream,
        [{ id: again.id, type: again.type, data: again.data, metadata: again.metadata }],
        'any',
      );
      expect(await raw.headPosition()).toBe(before);
    });

    it('anonymises the personal fields once the key is shredded, keeping every other field and the chain', async () => {
      const chainer = new EventChainer(db, raw, { idleMs: 20 });
      await chainer.prepare();
      await chainer.catchUp();
      expect((await verifyChain(db, raw, org)).ok).toBe(true);

      await keys.shred(org, student);
      expect(await keys.isShredded(org, student)).toBe(true);
      const [reg, pay] = await store.readStream(stream);
      expect(reg.data).toMatchObject({
        name: 'Silinmiş öğrenci #26001',
        surname: '',
        TCKN: '',
        email: null,
        phone: null,
        address: '',
        parent1Name: null,
        parent1Phone: null,
        studentNumber: 26001,
        regY: 2026,
        studentPhoneOptInStatus: 'ONAY',
      });
      expect(pay.data).toMatchObject({ amount: 125_050 });
      const everything = asText(
        (await store.readOrganization(org, 0n, 100)).filter((e) => e.streamId !== `student-${other}`),
      );
      for (const p of PERSONAL) expect(everything).not.toContain(p);
      // The other student of the organisation is untouched.
      expect((await store.readStream(`student-${other}`))[0].data).toMatchObject({ name: 'Zeynep' });

      // The chain covers the stored bytes, which the shredding did not touch.
      const verified = await verifyChain(db, raw, org);
      expect(verified).toMatchObject({ ok: true, verified: 4 });
      const stdout = new PassThrough();
      let out = '';
      stdout.on('data', (d) => (out += d));
      const code = await runCli(['events', 'verify', '--org', org], {
        stdout,
        stderr: new PassThrough(),
        signal: new AbortController().signal,
        projections: async () => [],
        open: async () => ({ db, store, rawStore: raw, close: async () => undefined }),
      });
      expect(code).toBe(0);
      expect(out).toContain('OK: 4 events');
      await chainer.stop();
    }, 60_000);

    it('keeps no personal field of an erased student that is appended afterwards', async () => {
      const late = registered(org, student, 26001);
      await store.append(`student-late-${student}`, [late], 'no_stream');
      const stored = await raw.readStream(`student-late-${student}`);
      for (const p of PERSONAL) expect(asText(stored)).not.toContain(p);
      expect(stored[0].data).toMatchObject({ name: 'Silinmiş öğrenci #26001' });
    });

    it('anonymises an event stored in clear before sealing existed once its student is erased', async () => {
      const old = randomUUID();
      await raw.append(`student-${old}`, [registered(org, old, 26003)], 'no_stream');
      expect((await store.readStream(`student-${old}`))[0].data).toMatchObject({ name: 'Zeynep' });
      await keys.shred(org, old);
      const [e] = await store.readStream(`student-${old}`);
      for (const p of PERSONAL) expect(asText(e)).not.toContain(p);
      expect(e.data).toMatchObject({ name: 'Silinmiş öğrenci #26003', studentNumber: 26003, regY: 2026 });
    });

    it('blanks an erased student’s messages of an SMS campaign on every read path, keeping the others', async () => {
      const gone = randomUUID();
      const stays = randomUUID();
      const msg = (studentId: string, n: string, text: string) => ({
        messageCustomId: n,
        studentId,
        phoneKind: 'student',
        dest: `90532111000${n}`,
        msg: text,
        size: 1,
        credits: 1,
      });
      const campaign = `sms_campaign-${randomUUID()}`;
      await store.append(
        campaign,
        [
          {
            id: randomUUID(),
            type: 'SmsCampaignAccepted',
            data: {
              campaignId: campaign,
              organizationId: org,
              credits: 2,
              messages: [
                msg(gone, '1', 'Zeynep Kaya, yarın ders yok.'),
                msg(stays, '2', 'Ali, yarın ders yok.'),
              ],
            },
            metadata: meta(org),
          },
        ],
        'no_stream',
      );
      await keys.shred(org, gone);
      const reads = [
        (await store.readStream(campaign))[0],
        (await store.readStreams([campaign])).get(campaign)![0],
        (await store.readAll(0n, 1000)).find((e) => e.streamId === campaign)!,
        (await store.readOrganization(org, 0n, 1000)).find((e) => e.streamId === campaign)!,
      ];
      for (const e of reads) {
        expect((e.data as { messages: unknown[] }).messages).toEqual([
          { ...msg(gone, '1', ''), dest: '' },
          msg(stays, '2', 'Ali, yarın ders yok.'),
        ]);
        expect(e.data).toMatchObject({ credits: 2 });
      }
      // Stored as it was: the chain's bytes do not change.
      expect(asText(await raw.readStream(campaign))).toContain('Zeynep Kaya, yarın ders yok.');
    });

    it('names a TCKN by a keyed hash: the same for every instance with the master key, nothing without it', () => {
      const ref = keys.tcknRef(org, '10000000146');
      expect(ref).toMatch(/^[0-9a-f]{64}$/);
      expect(ref).not.toContain('10000000146');
      expect(new StudentDataKeys(db, master).tcknRef(org, '10000000146')).toBe(ref);
      expect(keys.tcknRef(randomUUID(), '10000000146')).not.toBe(ref);
      expect(keys.tcknRef(org, '12345678950')).not.toBe(ref);
      expect(
        new StudentDataKeys(db, randomBytes(32).toString('base64')).tcknRef(org, '10000000146'),
      ).not.toBe(ref);
    });

    it('refuses to read with another master key rather than showing students as erased', async () => {
      const wrong = new PersonalDataEventStore(
        raw,
        new StudentDataKeys(db, randomBytes(32).toString('base64')),
      );
      await expect(wrong.readStream(`student-${other}`)).rejects.toThrow(/DATA_ENCRYPTION_KEY/);
    });
  });
}

storeSuite('pg', async () => {
  const t: TestDatabase = await createTestDatabase();
  return { db: t.db, cleanup: () => t.drop() };
});

storeSuite('PGlite', async () => {
  const db = await createPgliteDb();
  return { db, cleanup: () => db.close() };
});

describe('the personal-data event store: appends queued one after another', () => {
  let t: TestDatabase;
  let raw: PostgresEventStore;
  let store: PersonalDataEventStore;
  const org = randomUUID();
  /** Students whose key is held back until released, or whose key cannot be had at all. */
  const held = new Map<string, Promise<void>>();
  const away = new Set<string>();

  class GatedKeys extends StudentDataKeys {
    override async keys(owners: Array<{ organizationId: string; studentId: string }>, create: boolean) {
      for (const o of owners) {
        await held.get(o.studentId);
        if (away.has(o.studentId)) throw new Error('the keys are away');
      }
      return super.keys(owners, create);
    }
  }

  beforeAll(async () => {
    t = await createTestDatabase();
    raw = await PostgresEventStore.create(t.db);
    const keys = new GatedKeys(t.db, randomBytes(32).toString('base64'));
    await keys.prepare();
    store = new PersonalDataEventStore(raw, keys);
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  const queue = (
    streamId: string,
    event: NewEvent,
    expectedVersion: number | 'no_stream',
    after?: QueuedAppend,
  ) => {
    let place: QueuedAppend | undefined;
    const written = store.appendManyQueued([{ streamId, events: [event], expectedVersion }], {
      queued: (p) => (place = p),
      after,
    });
    // Told at once, before the sealing: the caller decides its next append meanwhile.
    expect(place).toBeDefined();
    return { written, place: place! };
  };

  it('queues an append named after another below it only once that one is, however quick its own sealing', async () => {
    const s = `numbers-${randomUUID()}`;
    const slow = randomUUID();
    let release!: () => void;
    held.set(slow, new Promise<void>((r) => (release = r)));
    const a = queue(s, registered(org, slow, 1), 'no_stream');
    // no personal data: nothing to seal, ready at once, yet it waits for `a`
    const b = queue(s, paid(org, randomUUID()), 0, a.place);
    // Queued below before `a`, `b` would find no stream at version 0 and be refused.
    await new Promise((r) => setTimeout(r, 20));
    release();
    const [ra, rb] = await Promise.all([a.written, b.written]);
    expect([ra[0].nextExpectedVersion, rb[0].nextExpectedVersion]).toEqual([0, 1]);
    expect((await store.readStream(s)).map((e) => e.type)).toEqual(['StudentRegistered', 'PaymentAdded']);
  });

  it('refuses, as a conflict, an append decided on one whose sealing failed', async () => {
    const s = `numbers-${randomUUID()}`;
    const lost = randomUUID();
    away.add(lost);
    const a = queue(s, registered(org, lost, 1), 'no_stream');
    const b = queue(s, paid(org, randomUUID()), 0, a.place);
    const c = queue(s, paid(org, randomUUID()), 1, b.place);
    const outcomes = await Promise.allSettled([a.written, b.written, c.written]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toMatchObject({ message: 'the keys are away' });
    for (const o of outcomes.slice(1)) {
      expect((o as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect(((o as PromiseRejectedResult).reason as ConcurrencyError).streamId).toBe(s);
    }
    expect(await store.readStream(s)).toEqual([]);
  });

  it('mints one key for a student whose first appends race each other, and both read it', async () => {
    const keys = new StudentDataKeys(t.db, randomBytes(32).toString('base64'));
    for (let i = 0; i < 10; i++) {
      const owner = { organizationId: org, studentId: randomUUID() };
      const id = `${org}|${owner.studentId}`;
      const [a, b] = await Promise.all([keys.keys([owner], true), keys.keys([owner], true)]);
      expect(a.get(id)).toBeInstanceOf(Buffer);
      expect(b.get(id)).toEqual(a.get(id));
    }
  });
});
