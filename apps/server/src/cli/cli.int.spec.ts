import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseFields, EventMetadata, NewEvent } from '@okul/domain';
import { allProjections, ProjectionRunner } from '@okul/projections';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

let t: TestDatabase;
let store: PostgresEventStore;
const piyano = randomUUID();
const gitar = randomUUID();
const keman = randomUUID();

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI as operators run it: its own process, configured by the environment (DATABASE_URL). */
function cli(args: string[], opts: { npm?: boolean } = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: t.url, NODE_ENV: 'test' };
  delete env.EVENTSTORE_URL;
  const [cmd, argv] = opts.npm
    ? ['npm', ['run', '-s', 'cli', '--', ...args]]
    : [process.execPath, ['--import', 'tsx', MAIN, ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function meta(organizationId: string, userId: string | null, occurredAt: string): EventMetadata {
  return {
    organizationId,
    userId,
    ipAddress: '10.1.2.3',
    userAgent: 'cli-test',
    correlationId: randomUUID(),
    causationId: null,
    occurredAt,
  };
}

function course(name: string, index: number, safeName: string): CourseFields {
  return {
    name,
    courseExplanation: `${name} dersi`,
    code: null,
    isGroupCourse: false,
    isPrivateCourse: true,
    index,
    safeName,
  };
}

async function addCourse(org: string, user: string, id: string, name: string, index: number, at: string) {
  const e: NewEvent = {
    id: randomUUID(),
    type: 'CourseAdded',
    data: { courseId: id, organizationId: org, ...course(name, index, `ders-${index}`) },
    metadata: meta(org, user, at),
  };
  return store.append(`course-${id}`, [e], 'no_stream');
}

beforeAll(async () => {
  t = await createTestDatabase();
  store = await PostgresEventStore.create(t.db);
  // As the server leaves it on start: every read model has its first generation.
  await new ProjectionRunner(t.db, store, allProjections).prepare();
  await addCourse('org-a', 'user-a', piyano, 'Piyano', 0, '2026-03-01T07:22:03.000Z');
  await addCourse('org-b', 'user-b', keman, 'Keman', 0, '2026-03-01T08:00:00.000Z');
  await addCourse('org-a', 'user-a', gitar, 'Gitar', 1, '2026-03-02T09:00:00.000Z');
  await store.append(
    `course-${piyano}`,
    [
      {
        id: randomUUID(),
        type: 'CourseEdited',
        data: { courseId: piyano, organizationId: 'org-a', ...course('Piyano İleri', 0, 'piyano-ileri') },
        metadata: meta('org-a', 'user-a2', '2026-03-03T12:00:00.000Z'),
      },
    ],
    0,
  );
});

afterAll(async () => {
  await t?.drop();
});

describe('operators CLI', () => {
  it('explains itself with --help and refuses wrong usage with exit code 2', async () => {
    const help = await cli(['--help'], { npm: true });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('projections status');
    expect(help.stdout).toContain('events replay --org');
    expect(help.stdout).toMatch(/PGlite[\s\S]*stop the server/);

    for (const args of [
      ['projections', 'rebuild', '--help'],
      ['events', 'replay', '--help'],
      ['events', 'export', '--help'],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toContain('Usage: npm run cli -- ');
    }
    expect((await cli(['events', 'export', '--help'])).stdout).toContain('JSON lines');

    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: npm run cli');
    const unknown = await cli(['frobnicate']);
    expect(unknown).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown command: frobnicate'),
    });
    const noOrg = await cli(['events', 'replay']);
    expect(noOrg).toMatchObject({ code: 2, stderr: expect.stringContaining('--org <id> is required') });
    const badOption = await cli(['projections', 'status', '--bogus']);
    expect(badOption).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--bogus'") });
    const badDate = await cli(['events', 'replay', '--org', 'org-a', '--from', 'yesterday']);
    expect(badDate.code).toBe(2);
    const badName = await cli(['projections', 'rebuild', 'nope']);
    expect(badName).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown projection: nope (known: '),
    });
    expect(badName.stderr).toContain('courses');
  });

  it('shows the state of each projection as a table and as JSON', async () => {
    const head = await store.headPosition();
    const table = await cli(['projections', 'status']);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0].split(/\s+/)).toEqual([
      'NAME',
      'VERSION',
      'GENERATION',
      'POSITION',
      'LAG',
      'STATE',
      'PARKED',
      'REBUILD_EV/S',
      'SQL%',
      'ERROR',
    ]);
    expect(lines.slice(1).map((l) => l.split(/\s+/)[0])).toEqual(allProjections.map((p) => p.name));
    const coursesRow = lines.find((l) => l.startsWith('courses '))!.split(/\s+/);
    // No runner is running: nothing applied yet, the whole store is the lag.
    expect(coursesRow.slice(0, 6)).toEqual(['courses', '1', '1', '0', String(head), 'stopped']);

    const json = await cli(['projections', 'status', '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(parsed.find((p) => p.name === 'courses')).toMatchObject({
      version: 1,
      generation: 1,
      position: '0',
      lag: String(head),
      state: 'stopped',
      error: null,
    });
  });

  it('rebuilds a projection while the server keeps applying and answering, and reports a summary', async () => {
    // The server side: a runner leads the projections, API readers query the views.
    const server = new ProjectionRunner(t.db, store, allProjections, { idleMs: 10, leaderRetryMs: 50 });
    server.start();
    try {
      expect(await server.waitFor(await store.headPosition(), 10_000)).toBe(true);
      let appending = true;
      const added: string[] = [];
      const writer = (async () => {
        for (let i = 0; appending; i++) {
          const id = randomUUID();
          await addCourse('org-c', 'user-c', id, `Ders ${i}`, i, new Date().toISOString());
          added.push(id);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      let readerErrors = 0;
      let reads = 0;
      const reader = (async () => {
        while (appending) {
          await t.db
            .query('SELECT count(*) FROM courses')
            .then(() => reads++)
            .catch(() => readerErrors++);
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const run = await cli(['projections', 'rebuild', 'courses']);
      appending = false;
      await Promise.all([writer, reader]);

      expect(run, run.stderr).toMatchObject({ code: 0 });
      expect(run.stdout).toMatch(/^courses: \d+ events in \d+\.\d\d s \(\d+ events\/s\), generation 2\n$/);
      expect(run.stderr).toContain('[courses] rebuilding from');
      expect(readerErrors).toBe(0);
      expect(reads).toBeGreaterThan(0);
      expect(added.length).toBeGreaterThan(0);

      const head = await store.headPosition();
      expect(await server.waitFor(head, 10_000)).toBe(true);
      const rows = await t.db.query<{ id: string; name: string }>('SELECT id::text AS id, name FROM courses');
      expect(rows.rows.length).toBe(3 + added.length);
      expect(rows.rows.find((r) => r.id === piyano)?.name).toBe('Piyano İleri');
      for (const id of added) expect(rows.rows.some((r) => r.id === id)).toBe(true);
      const old = await t.db.query(
        `SELECT 1 FROM information_schema.tables WHERE table_name = 'courses__g1'`,
      );
      expect(old.rowCount).toBe(0);

      const status = JSON.parse((await cli(['projections', 'status', '--json'])).stdout) as Array<
        Record<string, unknown>
      >;
      const courses = status.find((p) => p.name === 'courses');
      expect(courses).toMatchObject({ generation: 2, position: head.toString(), lag: '0', state: 'idle' });
      // The rebuild's profile: its rate, and how much of it waited on the database.
      expect(courses?.rebuildEventsPerSecond).toBeGreaterThan(0);
      expect(courses?.rebuildSqlPercent).toBeGreaterThanOrEqual(0);
      expect(courses?.rebuildSqlPercent).toBeLessThanOrEqual(100);
    } finally {
      await server.stop();
    }

    const all = await cli(['projections', 'rebuild', '--all']);
    expect(all, all.stderr).toMatchObject({ code: 0 });
    const summary = all.stdout.trimEnd().split('\n');
    expect(summary.map((l) => l.split(':')[0])).toEqual([...allProjections.map((p) => p.name), 'total']);
    expect(summary.find((l) => l.startsWith('courses:'))).toMatch(/generation 3$/);
  });

  it('replays an organisation history as readable lines, filtered by date or position', async () => {
    const r = await cli(['events', 'replay', '--org', 'org-a']);
    expect(r, r.stderr).toMatchObject({ code: 0 });
    // Fields come in the order the store keeps them (jsonb); the course id is in the stream, the org was asked for.
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      `2026-03-01 10:22:03  user-a  CourseAdded  course-${piyano}  code=null name="Piyano" index=0 safeName="ders-0" isGroupCourse=false isPrivateCourse=true courseExplanation="Piyano dersi"`,
      `2026-03-02 12:00:00  user-a  CourseAdded  course-${gitar}  code=null name="Gitar" index=1 safeName="ders-1" isGroupCourse=false isPrivateCourse=true courseExplanation="Gitar dersi"`,
      `2026-03-03 15:00:00  user-a2  CourseEdited  course-${piyano}  code=null name="Piyano İleri" index=0 safeName="piyano-ileri" isGroupCourse=false isPrivateCourse=true courseExplanation="Piyano İleri dersi"`,
    ]);
    expect(r.stdout).not.toContain(keman);
    expect(r.stderr).toContain('3 events of organisation org-a');

    // Dates: --from inclusive, --to exclusive, in Istanbul time unless told otherwise.
    const day2 = await cli([
      'events',
      'replay',
      '--org',
      'org-a',
      '--from',
      '2026-03-02',
      '--to',
      '2026-03-03',
    ]);
    expect(day2.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(day2.stdout).toContain('Gitar');
    const utc = await cli([
      'events',
      'replay',
      '--org',
      'org-a',
      '--tz',
      'UTC',
      '--to',
      '2026-03-01T07:22:04Z',
    ]);
    expect(utc.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(utc.stdout).toMatch(
      new RegExp(`^2026-03-01 07:22:03  user-a  CourseAdded  course-${piyano}  code=null name="Piyano" `),
    );
    // Positions: the third event of the store is Gitar (org-a), the fourth the edit.
    const byPos = await cli(['events', 'replay', '--org', 'org-a', '--from', '3', '--to', '4']);
    expect(byPos.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(byPos.stdout).toContain(`CourseAdded  course-${gitar}`);
    const nothing = await cli(['events', 'replay', '--org', 'org-none']);
    expect(nothing).toMatchObject({ code: 0, stdout: '' });
  });

  it('exports an organisation stored events as JSON lines with positions as strings', async () => {
    const r = await cli(['events', 'export', '--org', 'org-a']);
    expect(r, r.stderr).toMatchObject({ code: 0 });
    const lines = r.stdout.trimEnd().split('\n');
    const events = lines.map((l) => JSON.parse(l));
    expect(events.map((e) => [e.globalPosition, e.type, e.streamId])).toEqual([
      ['1', 'CourseAdded', `course-${piyano}`],
      ['3', 'CourseAdded', `course-${gitar}`],
      ['4', 'CourseEdited', `course-${piyano}`],
    ]);
    const stored = await store.readStream(`course-${piyano}`);
    expect(events[0]).toEqual({
      globalPosition: '1',
      id: stored[0].id,
      streamId: `course-${piyano}`,
      streamVersion: 0,
      type: 'CourseAdded',
      data: stored[0].data,
      metadata: stored[0].metadata,
    });
    expect(r.stdout).not.toContain('org-b');
    const from = await cli(['events', 'export', '--org', 'org-a', '--from', '2026-03-02T00:00:00Z']);
    expect(
      from.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).globalPosition),
    ).toEqual(['3', '4']);
  });
});
