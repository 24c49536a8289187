import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROLES } from '@okul/domain';
import { unzipSync } from 'fflate';
import { PGlite } from '@electric-sql/pglite';
import type { Response } from 'express';
import { PassThrough } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { seedGlobalUser } from '../../test/support/seed-users';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db';
import {
  projectionsCaughtUp,
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';
import { createPgliteDb } from '../infra/db/pglite-db';
import { streamFullDump } from './full-dump';

const run = promisify(execFile);

let t: TestServer;
let admin: SignedIn;
let developer: SignedIn;
let owner: SignedIn;
let schoolAdmin: SignedIn;
let studentId: string;
let courseId: string;
const restored: TestDatabase[] = [];
const tmp = mkdtempSync(join(tmpdir(), 'backup-int-'));

/** The answer's bytes, whatever its content type. */
const binary = (r: request.Test) =>
  r.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const requestbk = (s: SignedIn | null, body: object = { backupType: 'full_sql' }) => {
  const r = request(t.http).post('/api/v1/requestbk');
  return binary(s ? r.set(s.auth) : r).send(body);
};

beforeAll(async () => {
  t = await startTestServer();
  admin = await seedGlobalUser(t, ROLES.admin);
  developer = await seedGlobalUser(t, ROLES.developer);
  owner = await signUpOwner(t.http);
  schoolAdmin = await signUpOwner(t.http);
  await addMember(t, owner.organizationId, schoolAdmin.userId, ROLES.schoolAdmin);
  courseId = await addCourse(t, owner, 'Yedekleme Gitarı');
  const r = await orgApi(t, owner).post(
    'registerStudent',
    studentBody(tcknSource(12)(), { name: 'Yedek', surname: 'Öğrencisi' }),
  );
  expect(r.status).toBe(200);
  studentId = r.body.id;
}, 240_000);

afterAll(async () => {
  for (const d of restored) await d.drop();
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('POST requestbk (api.md 7.4): the whole database as a zip', () => {
  it('is the global admin’s only: developers, owners, school-admins and anonymous callers are refused', async () => {
    for (const s of [developer, owner, schoolAdmin]) {
      const r = await requestbk(s);
      expect(r.status).toBe(403);
    }
    expect((await requestbk(null)).status).toBe(401);
  });

  it('refuses a backup type other than full_sql', async () => {
    const r = await request(t.http).post('/api/v1/requestbk').set(admin.auth).send({ backupType: 'csv' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('Yedek türü geçersiz (yalnızca full_sql).');
  });

  it('answers a zip whose dump restores into an empty database with every organisation’s rows', async () => {
    const r = await requestbk(admin);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toMatch(
      /^attachment; filename="okul-yedek-\d{4}-\d{2}-\d{2}-\d{6}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(r.body as Buffer));
    expect(Object.keys(files).sort()).toEqual(['BENIOKU.txt', 'dump.sql']);
    const sql = Buffer.from(files['dump.sql']).toString('utf8');
    expect(sql).toContain('PostgreSQL database dump complete');

    const fresh = await createTestDatabase();
    restored.push(fresh);
    const file = join(tmp, 'dump.sql');
    writeFileSync(file, files['dump.sql']);
    await run('psql', ['-v', 'ON_ERROR_STOP=1', '-q', '-d', fresh.url, '-f', file], {
      maxBuffer: 64 * 1024 * 1024,
    });

    const count = async (db: TestDatabase['db'], text: string, params: unknown[]) =>
      Number((await db.query<{ n: string }>(text, params)).rows[0].n);
    const source = t.database.db;
    for (const [text, params] of [
      ['SELECT count(*)::text AS n FROM events WHERE organization_id = $1', [owner.organizationId]],
      // Every event but the record of this very backup, appended once the zip was out.
      ["SELECT count(*)::text AS n FROM events WHERE type <> 'BackupTaken'", []],
      [
        'SELECT count(*)::text AS n FROM students WHERE organization_id = $1 AND id = $2',
        [owner.organizationId, studentId],
      ],
      [
        'SELECT count(*)::text AS n FROM courses WHERE organization_id = $1 AND id = $2',
        [owner.organizationId, courseId],
      ],
      ['SELECT count(*)::text AS n FROM organizations WHERE id = $1', [owner.organizationId]],
    ] as const) {
      const before = await count(source, text, [...params]);
      expect(before).toBeGreaterThan(0);
      expect(await count(fresh.db, text, [...params])).toBe(before);
    }
    const names = await fresh.db.query<{ name: string }>('SELECT name FROM students WHERE id = $1', [
      studentId,
    ]);
    expect(names.rows[0].name).toBe('Yedek');
  });
});

describe('GET getbklogs (api.md 7.4): the backups taken', () => {
  it('lists the backup taken above with who, when, size, duration and success; admins only', async () => {
    await projectionsCaughtUp(t);
    for (const s of [developer, owner, schoolAdmin]) {
      expect((await request(t.http).get('/api/v1/getbklogs').set(s.auth)).status).toBe(403);
    }
    const r = await request(t.http).get('/api/v1/getbklogs').set(admin.auth);
    expect(r.status).toBe(200);
    const logs = r.body.logs as Array<Record<string, unknown>>;
    expect(logs).toHaveLength(1);
    const [log] = logs;
    expect(log).toMatchObject({
      backupType: 'full_sql',
      takenBy: admin.userId,
      takenByName: 'Sistem Yöneticisi',
      success: true,
      error: null,
    });
    expect(log.fileName).toMatch(/^okul-yedek-.*\.zip$/);
    expect(log.sizeBytes).toBeGreaterThan(1000);
    expect(log.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(log.finishedAt as string)).toBeGreaterThanOrEqual(Date.parse(log.startedAt as string));
  });
});

describe('a dump that cannot start', () => {
  it('sends nothing and names the reason, so requestbk answers an error instead of an empty zip', async () => {
    const broken = new URL(t.database.url);
    broken.pathname = '/okul_backup_missing_db';
    // Nothing is written to the response before the dump's first byte.
    const res = {} as Response;
    const outcome = await streamFullDump({ kind: 'pg', url: broken.toString() }, res, 'x.zip');
    expect(outcome).toMatchObject({ started: false, sizeBytes: 0 });
    expect(outcome.error).toContain('okul_backup_missing_db');
  });
});

describe('on the embedded default (PGlite)', () => {
  // PGlite starts twice in WebAssembly: slow on a loaded machine, hence its own time limit.
  it('zips PGlite’s own dump of its data folder, which opens again with its rows', async () => {
    const db = await createPgliteDb(join(tmp, 'pglite-source'));
    await db.exec(
      `CREATE TABLE kayit (id int PRIMARY KEY, ad text); INSERT INTO kayit VALUES (1, 'Gömülü');`,
    );
    const chunks: Buffer[] = [];
    const res = new PassThrough();
    res.on('data', (c: Buffer) => chunks.push(c));
    const headers: Record<string, string> = {};
    Object.assign(res, {
      status: () => res,
      setHeader: (k: string, v: string) => (headers[k.toLowerCase()] = v),
    });
    const outcome = await streamFullDump(
      { kind: 'pglite', dumpDataDir: () => db.dumpDataDir!() },
      res as unknown as Response,
      'x.zip',
    );
    await db.close();
    expect(outcome).toMatchObject({ started: true, error: null });
    expect(headers['content-disposition']).toBe('attachment; filename="x.zip"');
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(Object.keys(files).sort()).toEqual(['BENIOKU.txt', 'pglite-data.tar.gz']);
    expect(outcome.sizeBytes).toBe(Buffer.concat(chunks).length);
    const copy = await PGlite.create({ loadDataDir: new Blob([files['pglite-data.tar.gz']]) });
    expect((await copy.query<{ ad: string }>('SELECT ad FROM kayit WHERE id = 1')).rows[0].ad).toBe('Gömülü');
    await copy.close();
  }, 180_000);
});
