import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_CREDENTIAL_OMITTED, ROLES, logSentence } from '@okul/domain';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainCheckpoint, verifyChain } from '../event-store/event-chain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { seedGlobalUser } from '../../test/support/seed-users';
import {
  login,
  signUpOwner,
  startTestServer,
  waitForMail,
  projectionsCaughtUp,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';

let source: TestServer;
let target: TestServer;
let sourceDeveloper: SignedIn;
let sourceAdmin: SignedIn;
/** The organisation's events when the backup was taken (taking it adds the record of it afterwards). */
let eventsInBackup: number;
let targetDeveloper: SignedIn;
let owner: SignedIn;
let instructor: SignedIn;
let stranger: SignedIn;
let zip: Buffer;
const dirs: string[] = [];
const LOGO = Buffer.from('89504e470d0a1a0a-not-really-a-png', 'utf8');

const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'backup-org-'));
  dirs.push(d);
  return d;
};

const binary = (r: request.Test) =>
  r.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const settle = (t: TestServer) => projectionsCaughtUp(t);

const orgEvents = async (t: TestServer) =>
  Number(
    (
      await t.database.db.query<{ n: string }>(
        'SELECT count(*)::text AS n FROM events WHERE organization_id = $1',
        [owner.organizationId],
      )
    ).rows[0].n,
  );

const parse = (file: Uint8Array | Buffer, orgid = owner.organizationId) =>
  request(target.http)
    .post('/api/v1/parse')
    .set(targetDeveloper.auth)
    .send({ orgid, file_base64: Buffer.from(file).toString('base64'), filename: 'kurum-yedegi.zip' });

/** The organisation's read calls, answered the same way on both instances. */
const READS: Array<[string, Record<string, string>]> = [
  ['getStudents', {}],
  ['getCourses', {}],
  ['getEnrollments', {}],
  ['getPayments', {}],
  ['getAttendances', {}],
  ['getAccounting', {}],
  ['getClasses', {}],
  ['getDashboard', {}],
  ['getEmployees', {}],
  ['getInstructors', {}],
  ['getGrades', {}],
  ['getSchedules', {}],
  ['getSmsOutbox', {}],
  ['getSmsNoticeSettings', {}],
  ['getStatistics', {}],
  ['getAgeGroups', {}],
  ['getOrganizationLogos', {}],
  ['getCalendarFeeds', {}],
];

beforeAll(async () => {
  [source, target] = await Promise.all([
    startTestServer({ DATA_DIR: dataDir() }),
    startTestServer({ DATA_DIR: dataDir() }),
  ]);
  sourceDeveloper = await seedGlobalUser(source, ROLES.developer);
  sourceAdmin = await seedGlobalUser(source, ROLES.admin);
  targetDeveloper = await seedGlobalUser(target, ROLES.developer);
  owner = await signUpOwner(source.http);
  stranger = await signUpOwner(source.http);
  instructor = await signUpOwner(source.http);
  await addMember(source, owner.organizationId, instructor.userId, ROLES.schoolInstructor);
  const api = orgApi(source, owner);
  const tckn = tcknSource(44);
  const course = await addCourse(source, owner, 'Keman');
  const students: string[] = [];
  for (const [name, surname] of [
    ['Deniz', 'Kaya'],
    ['Ömer', 'Çelik'],
  ]) {
    const r = await api.post('registerStudent', studentBody(tckn(), { name, surname }));
    expect(r.status).toBe(200);
    students.push(r.body.id);
    const e = await api.post('addEnrollment', {
      studentId: r.body.id,
      courseId: course,
      price: 300,
      startDate: '2025-03-01',
    });
    expect(e.status).toBe(200);
  }
  expect(
    (
      await api.post('addPayment', {
        studentId: students[0],
        courseId: course,
        amount: '450',
        method: 'cash',
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await api.post('addAttendance', {
        courseId: course,
        attendants: students,
        day: 10,
        month: 3,
        year: 2025,
        hour: 18,
        minute: 30,
      })
    ).status,
  ).toBe(200);
  expect((await api.post('createClass', { courseId: course, title: 'Keman A' })).status).toBe(200);
  // A media file as the image host keeps it (DATA_DIR/media/orgs/<organisation>/...).
  const logos = join(source.server.runtime.config.DATA_DIR, 'media', 'orgs', owner.organizationId, 'logos');
  mkdirSync(logos, { recursive: true });
  writeFileSync(join(logos, 'organization-logo.png'), LOGO);
  await settle(source);
}, 300_000);

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('GET exportOrganizationBackup: the organisation’s data-portability copy', () => {
  it('is school-admin: an instructor of the organisation and another organisation’s owner are refused', async () => {
    const path = `/api/v1/orgs/${owner.organizationId}/exportOrganizationBackup`;
    expect((await request(source.http).get(path).set(instructor.auth)).status).toBe(403);
    expect((await request(source.http).get(path).set(stranger.auth)).status).toBe(403);
  });

  it('zips the complete event history, the media files and the read models, with counts and checksums', async () => {
    eventsInBackup = await orgEvents(source);
    const r = await binary(
      request(source.http)
        .get(`/api/v1/orgs/${owner.organizationId}/exportOrganizationBackup`)
        .set(owner.auth),
    );
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="kurum-yedegi-[\d-]+\.zip"$/);
    zip = r.body as Buffer;
    const files = unzipSync(new Uint8Array(zip));
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    const lines = strFromU8(files['events.jsonl'])
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(manifest).toMatchObject({
      format: 'okul-organization-backup',
      version: 1,
      organizationId: owner.organizationId,
      counts: { events: eventsInBackup, mediaFiles: 1 },
    });
    expect(lines).toHaveLength(manifest.counts.events);
    expect(lines.every((l) => l.metadata.organizationId === owner.organizationId)).toBe(true);
    expect(manifest.checksums['events.jsonl']).toBe(
      createHash('sha256').update(files['events.jsonl']).digest('hex'),
    );
    expect(Buffer.from(files['media/logos/organization-logo.png'])).toEqual(LOGO);
    const students = JSON.parse(strFromU8(files['read-models/students.json']));
    expect(students.map((s: { name: string }) => s.name).sort()).toEqual(['Deniz', 'Ömer']);
    expect(manifest.counts.readModels.students).toBe(2);
    // Only this organisation: the other owner's organisation is nowhere in it.
    expect(strFromU8(zip)).not.toContain(stranger.organizationId);
  });

  it('holds no password hash and no session or token hash of anyone', async () => {
    const files = unzipSync(new Uint8Array(zip));
    const text = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(text).not.toContain('$argon2');
    const lines = strFromU8(files['events.jsonl'])
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; data: Record<string, unknown> });
    const registered = lines.find((l) => l.type === 'UserRegistered' && l.data.userId === owner.userId);
    expect(registered?.data.passwordHash).toBe(BACKUP_CREDENTIAL_OMITTED);
    // Every hash-holding field of every event reads the same marker.
    const secrets = lines.flatMap((l) =>
      Object.entries(l.data).filter(([k]) => /Hash$/.test(k) && l.data[k] !== null),
    );
    expect(secrets.length).toBeGreaterThan(0);
    expect(secrets.every(([, v]) => v === BACKUP_CREDENTIAL_OMITTED)).toBe(true);
    // The source's own store still has the owner's real hash: only the download leaves it out.
    const stored = await source.database.db.query<{ hash: string }>(
      `SELECT data->>'passwordHash' AS hash FROM events WHERE type = 'UserRegistered' AND data->>'userId' = $1`,
      [owner.userId],
    );
    expect(stored.rows[0].hash).toMatch(/^\$argon2id\$/);
  });

  it('is logged: a line of getbklogs (admin) and of the organisation’s İşlem Dökümü', async () => {
    await settle(source);
    const bk = await request(source.http).get('/api/v1/getbklogs').set(sourceAdmin.auth);
    expect(bk.status).toBe(200);
    const line = (bk.body.logs as Array<Record<string, unknown>>).find(
      (l) => l.organizationId === owner.organizationId,
    );
    expect(line).toMatchObject({
      backupType: 'organization',
      organizationName: expect.stringMatching(/^Deneme Kursu/),
      fileName: expect.stringMatching(/^kurum-yedegi-[\d-]+\.zip$/),
      takenBy: owner.userId,
      sizeBytes: zip.length,
      success: true,
      error: null,
    });
    const logs = await request(source.http)
      .post(`/api/v1/orgs/${owner.organizationId}/requestOrgLogs`)
      .set(owner.auth)
      .send({ limit: 50 });
    const entry = (logs.body.logs as Array<{ action: string; details: Record<string, unknown> }>).find(
      (l) => l.action === 'export_organization_backup',
    );
    expect(entry).toBeDefined();
    expect(logSentence(entry!.action, entry!.details)).toBe(
      `Kurum yedeğini indirdi (dosya: ${String(line!.fileName)}).`,
    );
  });
});

describe('POST parse (api.md 7.4): an organisation backup imported into a fresh instance', () => {
  it('is the developer’s: an owner is refused', async () => {
    const r = await request(target.http)
      .post('/api/v1/parse')
      .set(owner.auth)
      .send({ orgid: owner.organizationId, file_base64: 'eA==', filename: 'a.zip' });
    // The owner has no account on the target instance at all; on the source they lack the global role.
    expect(r.status).toBe(401);
    const onSource = await request(source.http)
      .post('/api/v1/parse')
      .set(owner.auth)
      .send({ orgid: owner.organizationId, file_base64: 'eA==', filename: 'a.zip' });
    expect(onSource.status).toBe(403);
  });

  it('refuses a file that is not a backup, a damaged one and another organisation’s, writing nothing', async () => {
    const notZip = await parse(Buffer.from('merhaba dünya'));
    expect(notZip.status).toBe(400);
    expect(notZip.body.error).toBe(
      'Yedek dosyası okunamadı: bu dosya bir kurum yedeği (zip) değil. Hiçbir kayıt yazılmadı.',
    );
    const files = unzipSync(new Uint8Array(zip));
    const tampered = strFromU8(files['events.jsonl']).replace('"Deniz"', '"Denis"');
    const damaged = await parse(zipSync({ ...files, 'events.jsonl': strToU8(tampered) }));
    expect(damaged.status).toBe(400);
    expect(damaged.body.error).toBe(
      'Yedek dosyası bozuk: olay geçmişinin sağlama toplamı tutmuyor. Hiçbir kayıt yazılmadı.',
    );
    const foreign = await parse(zip, randomUUID());
    expect(foreign.status).toBe(409);
    expect(foreign.body.error).toMatch(
      /^Bu yedek başka bir kuruma ait \(.+\); yalnızca yedeği alınan kuruma/,
    );
    expect(await orgEvents(target)).toBe(0);
  });

  it('appends the events with their ids, the projections catch up and every read answer equals the source’s', async () => {
    const r = await parse(zip);
    expect(r.status).toBe(200);
    const total = eventsInBackup;
    expect(r.body).toEqual({
      organizationId: owner.organizationId,
      events: total,
      imported: total,
      alreadyPresent: 0,
      mediaFiles: 1,
    });
    expect(await orgEvents(target)).toBe(total);
    const ids = async (t: TestServer) =>
      (
        await t.database.db.query<{ id: string }>(
          'SELECT event_id::text AS id FROM events WHERE organization_id = $1 ORDER BY global_position',
          [owner.organizationId],
        )
      ).rows.map((x) => x.id);
    // The source recorded the backup itself after taking it: that record is not in the file.
    expect(await ids(target)).toEqual((await ids(source)).slice(0, total));
    for (const [call, query] of READS) {
      const path = `/api/v1/orgs/${owner.organizationId}/${call}`;
      const [a, b] = await Promise.all([
        request(source.http).get(path).set(sourceDeveloper.auth).query(query),
        request(target.http).get(path).set(targetDeveloper.auth).query(query),
      ]);
      expect.soft({ call, status: a.status }).toEqual({ call, status: 200 });
      // getDashboard and getStatistics tell the moment they answered: the fields that differ by nature.
      const answer = (r: request.Response) => ({ ...r.body, now: undefined, asOf: undefined });
      expect.soft({ call, body: answer(b) }).toEqual({ call, body: answer(a) });
    }
    // Members are people, not the organisation's data: the owner signed up within it (their registration is
    // in its history), a member who signed up elsewhere is not in the backup (docs/DECISIONS.md).
    const members = async (t: TestServer, s: SignedIn) =>
      (await request(t.http).get(`/api/v1/orgs/${owner.organizationId}/getOrganizationUsers`).set(s.auth))
        .body as Array<{ orgRoleId: number; user: { id: string; email: string } }>;
    const ownerRow = (await members(source, sourceDeveloper)).find((m) => m.user.id === owner.userId);
    const restoredOwner = (await members(target, targetDeveloper)).find((m) => m.user.id === owner.userId);
    expect(restoredOwner).toMatchObject({ orgRoleId: ownerRow!.orgRoleId, user: { email: owner.email } });
    // The log: its entries' ids are the events' positions, which are this instance's own.
    const logs = async (t: TestServer, s: SignedIn) => {
      const r = await request(t.http)
        .post(`/api/v1/orgs/${owner.organizationId}/requestOrgLogs`)
        .set(s.auth)
        .send({ limit: 50 });
      expect(r.status).toBe(200);
      // A member who signed up elsewhere has no account on the target: their name is unknown there.
      return (r.body.logs as Array<Record<string, unknown>>).map((l): Record<string, unknown> => ({
        ...l,
        id: undefined,
        ...(l.userId === instructor.userId ? { userName: undefined, userEmail: undefined } : {}),
      }));
    };
    const sourceLogs = (await logs(source, sourceDeveloper)).filter(
      (l) => l.action !== 'export_organization_backup',
    );
    expect(sourceLogs.length).toBeGreaterThan(5);
    expect(await logs(target, targetDeveloper)).toEqual(sourceLogs);
    const logo = join(
      target.server.runtime.config.DATA_DIR,
      'media',
      'orgs',
      owner.organizationId,
      'logos',
      'organization-logo.png',
    );
    expect(readFileSync(logo)).toEqual(LOGO);
  });

  it('restores no password: the owner signs in on the new instance after a password reset', async () => {
    const old = await request(target.http)
      .post('/api/v1/login')
      .send({ email: owner.email, password: owner.password });
    expect(old.status).toBe(401);
    expect(
      (await request(target.http).post('/api/v1/requestResetPassword').send({ email: owner.email })).status,
    ).toBe(200);
    const { token } = await waitForMail(target, owner.email, 'reset');
    const reset = await request(target.http)
      .post('/api/v1/resetPassword')
      .send({ email: owner.email, token, newPassword: 'yeni-sifre-42' });
    expect(reset.status).toBe(200);
    const signedIn = await login(target.http, owner.email, 'yeni-sifre-42');
    expect(signedIn.organizationId).toBe(owner.organizationId);
  });

  it('adds nothing when the same file is imported twice', async () => {
    const before = await orgEvents(target);
    const r = await parse(zip);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ imported: 0, alreadyPresent: before });
    expect(await orgEvents(target)).toBe(before);
  });

  it('never inflates the read models: a file whose readable copy is garbled still imports', async () => {
    const garbled = Buffer.from(zip);
    const name = Buffer.from('read-models/students.json');
    // The entry's local header (name length at 26, extra length at 28, name at 30), then its deflate data.
    const header = garbled.indexOf(name) - 30;
    const data = header + 30 + garbled.readUInt16LE(header + 26) + garbled.readUInt16LE(header + 28);
    garbled.fill(0xff, data, data + 4); // an invalid deflate block type
    expect(() => unzipSync(garbled)).toThrow();
    const before = await orgEvents(target);
    const r = await parse(garbled);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ imported: 0, alreadyPresent: before });
  });

  it('keeps the hash chain whole: events verify passes on the imported organisation', async () => {
    const { persistence } = target.server.runtime;
    const head = await persistence.ownerStore.headPosition();
    // The chain's leader links the imported events in the background: wait for it, however loaded the machine.
    const end = Date.now() + 60_000;
    while ((await chainCheckpoint(persistence.ownerDb)) < head && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const outcome = await verifyChain(persistence.ownerDb, persistence.rawStore, owner.organizationId);
    expect(outcome).toMatchObject({ ok: true, verified: await orgEvents(target), pending: 0 });
  });
});
