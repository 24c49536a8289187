import { toLocal, utcWall, type AnyEvent, type EventOf } from '@okul/domain';
import { byColumn } from '../runtime/columns';
import type { ProjectionContext } from '../runtime/projection';
import type { Sql } from '../runtime/sql';
import { movedRanges, holder, studentEnrolledAt, type T } from './statistics.sql';

/** Every event type the statistics projection reads: all of them are folded by the one batch handler. */
export const STATISTICS_TYPES = [
  'EnrollmentAdded',
  'EnrollmentEdited',
  'EnrollmentEnded',
  'AttendanceAdded',
  'AttendanceEdited',
  'AttendanceDeleted',
  'PaymentAdded',
  'PaymentEdited',
  'PaymentSoftDeleted',
  'PaymentResurrected',
  'PaymentPermanentlyDeleted',
] as const;
export type StatisticsType = (typeof STATISTICS_TYPES)[number];
type Ev = Extract<AnyEvent, { type: StatisticsType }> & {
  globalPosition: bigint;
  metadata: { occurredAt: string };
};

interface DebtLine {
  organization_id: string;
  student_id: string;
  course_id: string;
  kind: 'charge' | 'payment';
  /** The lesson time or payment date (its Istanbul day is the line's day). */
  ts: string;
  recorded_at: string;
  delta: string;
  /** The store position of the event that made the change (lines of one event are kept together). */
  q: string;
}

/**
 * One change of the ledger (statistics.projection.ts): every figure an event moved in one Istanbul month, on
 * one line. `course_id` is set on the lines that count lessons (lessons, attendees, enrolled, by course and by
 * instructor, `instructor_id` null for Diğer); charges and collections are the organisation's, whatever the
 * course.
 */
interface LedgerRow {
  organization_id: string;
  month: string;
  recorded_at: string;
  course_id: string | null;
  instructor_id: string | null;
  lessons: number;
  attendees: number;
  enrolled: number;
  charges: string;
  collections: string;
}

/** A ledger line moving nothing yet, of the month of `ts` (an instant). */
const ledgerLine = (organizationId: string, ts: string, recordedAt: string): LedgerRow => ({
  organization_id: organizationId,
  month: monthKey(ts),
  recorded_at: recordedAt,
  course_id: null,
  instructor_id: null,
  lessons: 0,
  attendees: 0,
  enrolled: 0,
  charges: '0',
  collections: '0',
});

/** The figures a ledger line moves, by metric and dimension, as stat_totals sums them. */
function* ledgerFigures(row: LedgerRow): Generator<[metric: string, dim: string, delta: bigint]> {
  if (row.collections !== '0') yield ['collections', '', BigInt(row.collections)];
  if (row.charges !== '0') yield ['lesson_charges', '', BigInt(row.charges)];
  if (row.course_id === null) return;
  for (const dim of [`course:${row.course_id}`, `instructor:${row.instructor_id ?? ''}`]) {
    if (row.lessons !== 0) yield ['lessons', dim, BigInt(row.lessons)];
    if (row.attendees !== 0) yield ['attendees', dim, BigInt(row.attendees)];
    if (row.enrolled !== 0) yield ['enrolled', dim, BigInt(row.enrolled)];
  }
}

interface Version {
  enrollment_id: string;
  organization_id: string;
  student_id: string;
  course_id: string;
  enrollment_type: string;
  start_date: string;
  end_date: string | null;
  price: string;
  discount: string;
  period_unit: string | null;
  period_length: number | null;
  created_at: string;
  recorded_from: string;
  recorded_to: string | null;
  from_pos: string;
  to_pos: string | null;
}

interface PaymentRow {
  id: string;
  organization_id: string;
  student_id: string;
  course_id: string;
  amount: string;
  date: string;
  counted: boolean;
  active: boolean;
}

/** Lesson removals start a part of their own: what they take back is the lesson as it stands before them. */
const REMOVES = new Set<string>(['AttendanceEdited', 'AttendanceDeleted']);

/**
 * The statistics projection's events applied with a few set-based statements, leaving the tables exactly as
 * applying them one at a time does (the one-by-one handlers ARE this handler on one event). What makes that
 * possible: every enrolment version carries the store positions that recorded and replaced it, so a lesson is
 * priced and counted by the versions current at ITS position, and an enrolment change re-prices and re-counts
 * by the versions just before and after ITS position, whatever else the batch holds. The changes are recorded
 * in the ledger and the debt lines at each event's own moment, as one by one.
 */
export async function applyStatistics(ctx: ProjectionContext, events: readonly Ev[]): Promise<void> {
  let part: Ev[] = [];
  for (const e of events) {
    if (REMOVES.has(e.type) && part.length > 0) {
      await applyPart(ctx, part);
      part = [];
    }
    part.push(e);
  }
  if (part.length > 0) await applyPart(ctx, part);
}

const pos = (e: Ev) => e.globalPosition.toString();
const at = (e: Ev) => e.metadata.occurredAt;

/**
 * Writes that no later statement of the part reads, sent together as one statement of data-modifying CTEs
 * (PostgreSQL runs each to completion): each statement is a round trip the batch's transaction waits for, and
 * on a busy machine the waits were most of the part's time. They see the rows as they stood before the
 * statement, so no two of them may touch the same row.
 */
class Writes {
  private readonly parts: string[] = [];
  readonly params: string[] = [];

  /** The rows as a relation (`byColumn`, arrays flat), their parameters numbered after those already taken. */
  rows(columns: string, rows: readonly object[]): string {
    const x = byColumn(this.params.length + 1, columns, rows, { flatArrays: true });
    this.params.push(...x.params);
    return x.from;
  }

  add(statement: string) {
    this.parts.push(statement);
  }

  /** How many statements were added: the last one added is the CTE `w${size - 1}`. */
  get size() {
    return this.parts.length;
  }

  async send(sql: Sql) {
    if (this.parts.length === 0) return;
    await sql.query(`WITH ${this.parts.map((p, i) => `w${i} AS (${p})`).join(',\n')}\nSELECT 1`, this.params);
  }
}

async function applyPart({ sql, table: t }: ProjectionContext, events: readonly Ev[]) {
  const debt: DebtLine[] = [];
  const ledger: LedgerRow[] = [];
  const writes = new Writes();

  const first = events[0];
  if (first.type === 'AttendanceEdited' || first.type === 'AttendanceDeleted')
    await removeLesson(sql, t, first.data.attendanceId, at(first), pos(first), debt, ledger);

  const changes = await writeVersions(sql, t, events);
  const deletedPayments = await writePayments(sql, t, events, debt, ledger, writes);
  await addLessons(sql, t, events, debt, ledger);
  if (changes.length > 0) {
    const moved = await movedLessons(sql, t, changes);
    reprice(t, moved.priced, debt, ledger, writes);
    await recount(sql, t, moved.counted, ledger);
  }

  if (ledger.length > 0) {
    // The sums as of now move by the figures of the part's lines, summed here per metric, month and dimension.
    const totals = new Map<
      string,
      { organization_id: string; metric: string; month: string; dim: string; delta: bigint }
    >();
    for (const row of ledger)
      for (const [metric, dim, delta] of ledgerFigures(row)) {
        const key = `${row.organization_id} ${metric} ${row.month} ${dim}`;
        const x = totals.get(key);
        if (x) x.delta += delta;
        else totals.set(key, { organization_id: row.organization_id, metric, month: row.month, dim, delta });
      }
    writes.add(
      `INSERT INTO ${t('stat_ledger')} (organization_id, month, recorded_at, course_id, instructor_id, lessons, attendees,
              enrolled, charges, collections)
       SELECT organization_id, month, recorded_at, course_id, instructor_id, lessons, attendees, enrolled, charges, collections
         FROM ${writes.rows(
           'organization_id uuid, month text, recorded_at timestamptz, course_id uuid, instructor_id uuid, lessons int, attendees int, enrolled int, charges bigint, collections bigint',
           ledger,
         )}`,
    );
    writes.add(
      `INSERT INTO ${t('stat_totals')} AS s (organization_id, metric, month, dim, total)
       SELECT organization_id, metric, month, dim, delta
         FROM ${writes.rows(
           'organization_id uuid, metric text, month text, dim text, delta bigint',
           [...totals.values()].map((x) => ({ ...x, delta: x.delta.toString() })),
         )}
       ON CONFLICT (organization_id, metric, month, dim) DO UPDATE SET total = s.total + excluded.total`,
    );
  }
  if (debt.length > 0) {
    // Each line's Istanbul day is computed here (the domain's calendar, as SQL's AT TIME ZONE gives it; an int
    // test compares both): the accounts are folded from the same lines without reading them back.
    // The lines of one event that share all but their student and amount (a lesson's) are one row.
    const days = new Map<string, string>();
    const groups = new Map<string, DebtGroup>();
    // The same pass sums the lines per account, kind and day: what the accounts' refresh adds to their kept sums.
    const accounts = new Map<string, AccountPart>();
    for (const l of debt) {
      let d = days.get(l.ts);
      if (d === undefined) days.set(l.ts, (d = dayKey(l.ts)));
      const key = `${l.q} ${l.organization_id} ${l.course_id} ${l.kind} ${d}`;
      const g = groups.get(key);
      if (g) {
        g.students.push(l.student_id);
        g.deltas.push(l.delta);
      } else
        groups.set(key, {
          organization_id: l.organization_id,
          course_id: l.course_id,
          kind: l.kind,
          day: d,
          recorded_at: l.recorded_at,
          students: [l.student_id],
          deltas: [l.delta],
        });
      const accountKey = `${l.organization_id} ${l.student_id} ${l.course_id}`;
      let a = accounts.get(accountKey);
      if (a === undefined)
        accounts.set(
          accountKey,
          (a = {
            account: { organization_id: l.organization_id, student_id: l.student_id, course_id: l.course_id },
            charges: new Map(),
            payments: new Map(),
          }),
        );
      add(l.kind === 'charge' ? a.charges : a.payments, d, Number(l.delta));
    }
    const rows = writes.rows(
      'organization_id uuid, course_id uuid, kind text, day date, recorded_at timestamptz, students uuid[], deltas bigint[]',
      [...groups.values()],
    );
    writes.add(
      `INSERT INTO ${t('stat_debt')} (organization_id, course_id, kind, day, recorded_at, students, deltas)
       SELECT organization_id, course_id, kind, day, recorded_at, students, deltas FROM ${rows}`,
    );
    await refreshAccounts(sql, t, accounts, writes);
  }

  const last = new Map<string, string>();
  for (const e of events) {
    const o = e.data.organizationId;
    const m = last.get(o);
    if (m === undefined || Date.parse(at(e)) > Date.parse(m)) last.set(o, at(e));
  }
  const orgs = writes.rows(
    'organization_id uuid, rec timestamptz',
    [...last].map(([organization_id, rec]) => ({ organization_id, rec })),
  );
  writes.add(
    `INSERT INTO ${t('stat_orgs')} AS s (organization_id, last_recorded)
     SELECT organization_id, rec FROM ${orgs}
     ON CONFLICT (organization_id) DO UPDATE SET last_recorded = greatest(s.last_recorded, excluded.last_recorded)`,
  );
  await writes.send(sql);
  // After the payments' insert: a payment added and permanently deleted in one part is inserted, then deleted.
  if (deletedPayments.length > 0)
    await sql.query(`DELETE FROM ${t('stat_payments')} WHERE id = ANY($1::uuid[])`, [deletedPayments]);
}

/** An enrolment change at a store position: what re-prices and re-counts the lessons around it. */
interface Change {
  q: string;
  rec: string;
  enrollment_id: string;
}
const CHANGE = 'q bigint, rec timestamptz, enrollment_id uuid';

/**
 * The enrolment versions the part's events record: each closes the version current before it (at its
 * position and moment) and opens its own. An edit or end of an enrolment with no current version changes
 * nothing (as an UPDATE finding no row); an enrolment added twice fails like the unique index would.
 */
async function writeVersions(sql: Sql, t: T, events: readonly Ev[]): Promise<Change[]> {
  const enrolments = events.filter(
    (e) => e.type === 'EnrollmentAdded' || e.type === 'EnrollmentEdited' || e.type === 'EnrollmentEnded',
  );
  if (enrolments.length === 0) return [];
  const ids = [...new Set(enrolments.map((e) => e.data.enrollmentId))];
  const r = await sql.query<Version>(
    `SELECT enrollment_id, organization_id, student_id, course_id, enrollment_type, start_date, end_date,
            price::text, discount::text, period_unit, period_length, created_at, recorded_from, recorded_to,
            from_pos::text, to_pos::text
       FROM ${t('stat_enrollments')} WHERE enrollment_id = ANY($1::uuid[]) AND to_pos IS NULL`,
    [ids],
  );
  const current = new Map<string, Version>(r.rows.map((v) => [v.enrollment_id, v]));
  const stored = new Set(current.keys());
  const written: Version[] = [];
  const closedStored: Array<{ enrollment_id: string; recorded_to: string; to_pos: string }> = [];
  const changes: Change[] = [];
  for (const e of enrolments) {
    const id = e.data.enrollmentId;
    const prev = current.get(id);
    let next: Version;
    if (e.type === 'EnrollmentAdded') {
      if (prev) throw new Error(`statistics: enrolment ${id} added twice (duplicate key)`);
      const d = e.data;
      next = {
        enrollment_id: id,
        organization_id: d.organizationId,
        student_id: d.studentId,
        course_id: d.courseId,
        enrollment_type: d.enrollmentType,
        start_date: d.startDate,
        end_date: d.endDate,
        price: String(d.price),
        discount: String(d.discount),
        period_unit: d.periodUnit,
        period_length: d.periodLength,
        created_at: d.createdAt,
        recorded_from: at(e),
        recorded_to: null,
        from_pos: pos(e),
        to_pos: null,
      };
    } else {
      if (!prev) continue;
      const terms =
        e.type === 'EnrollmentEdited'
          ? {
              start_date: e.data.startDate,
              end_date: e.data.endDate,
              price: String(e.data.price),
              discount: String(e.data.discount),
              period_unit: e.data.periodUnit,
              period_length: e.data.periodLength,
            }
          : { end_date: e.data.endDate };
      next = {
        ...prev,
        ...terms,
        recorded_from: at(e),
        recorded_to: null,
        from_pos: pos(e),
        to_pos: null,
      };
      prev.recorded_to = at(e);
      prev.to_pos = pos(e);
      if (stored.has(id) && !written.includes(prev))
        closedStored.push({ enrollment_id: id, recorded_to: at(e), to_pos: pos(e) });
    }
    current.set(id, next);
    written.push(next);
    changes.push({ q: pos(e), rec: at(e), enrollment_id: id });
  }
  // One statement: the update finds the stored versions as they were before it, never the inserted ones.
  const writes = new Writes();
  if (closedStored.length > 0)
    writes.add(
      `UPDATE ${t('stat_enrollments')} v SET recorded_to = x.recorded_to, to_pos = x.to_pos
         FROM ${writes.rows('enrollment_id uuid, recorded_to timestamptz, to_pos bigint', closedStored)}
        WHERE v.enrollment_id = x.enrollment_id AND v.to_pos IS NULL`,
    );
  if (written.length > 0)
    writes.add(
      `INSERT INTO ${t('stat_enrollments')} (enrollment_id, organization_id, student_id, course_id, enrollment_type,
              start_date, end_date, price, discount, period_unit, period_length, created_at, recorded_from, recorded_to,
              from_pos, to_pos)
       SELECT enrollment_id, organization_id, student_id, course_id, enrollment_type, start_date, end_date, price,
              discount, period_unit, period_length, created_at, recorded_from, recorded_to, from_pos, to_pos
         FROM ${writes.rows(
           'enrollment_id uuid, organization_id uuid, student_id uuid, course_id uuid, enrollment_type text, start_date timestamptz, end_date timestamptz, price bigint, discount bigint, period_unit text, period_length int, created_at timestamptz, recorded_from timestamptz, recorded_to timestamptz, from_pos bigint, to_pos bigint',
           written,
         )}`,
    );
  await writes.send(sql);
  return changes;
}

/**
 * The payments added and changed: each change compared with the payment as the events before it left it,
 * its difference a debt line (corrections included) and a collection (corrections left out) at its moment.
 */
async function writePayments(
  sql: Sql,
  t: T,
  events: readonly Ev[],
  debt: DebtLine[],
  ledger: LedgerRow[],
  writes: Writes,
): Promise<string[]> {
  const payments = events.filter((e) => e.type.startsWith('Payment'));
  if (payments.length === 0) return [];
  const added = new Set<string>();
  const changedIds = new Set<string>();
  for (const e of payments) {
    const id = (e.data as { paymentId: string }).paymentId;
    if (e.type === 'PaymentAdded') added.add(id);
    else if (!added.has(id)) changedIds.add(id);
  }
  const state = new Map<string, PaymentRow>();
  if (changedIds.size > 0) {
    const r = await sql.query<PaymentRow>(
      `SELECT id, organization_id, student_id, course_id, amount::text, date, counted, active
         FROM ${t('stat_payments')} WHERE id = ANY($1::uuid[])`,
      [[...changedIds]],
    );
    for (const p of r.rows) state.set(p.id, { ...p, date: new Date(p.date).toISOString() });
  }
  const inserted: PaymentRow[] = [];
  const deleted = new Set<string>();
  const counted = (p: PaymentRow) => (p.counted && p.active ? BigInt(p.amount) : 0n);
  const held = (p: PaymentRow) => (p.active ? BigInt(p.amount) : 0n);
  for (const e of payments) {
    const rec = at(e);
    if (e.type === 'PaymentAdded') {
      const d = e.data;
      const p: PaymentRow = {
        id: d.paymentId,
        organization_id: d.organizationId,
        student_id: d.studentId,
        course_id: d.courseId,
        amount: String(d.amount),
        date: d.date,
        counted: !d.isCorrection,
        active: true,
      };
      state.set(p.id, p);
      inserted.push(p);
      debt.push({ ...account(p), kind: 'payment', ts: p.date, recorded_at: rec, delta: p.amount, q: pos(e) });
      if (p.counted) ledger.push(collection(p, rec, p.amount));
      continue;
    }
    const id = (e.data as { paymentId: string }).paymentId;
    const old = state.get(id);
    if (!old || deleted.has(id)) continue;
    const next: PaymentRow = { ...old };
    if (e.type === 'PaymentEdited') {
      next.amount = String(e.data.amount);
      next.counted = !e.data.isCorrection;
    } else next.active = e.type === 'PaymentResurrected';
    const dh = held(next) - held(old);
    if (dh !== 0n)
      debt.push({
        ...account(next),
        kind: 'payment',
        ts: next.date,
        recorded_at: rec,
        delta: String(dh),
        q: pos(e),
      });
    const dc = counted(next) - counted(old);
    if (dc !== 0n) ledger.push(collection(next, rec, String(dc)));
    Object.assign(old, next);
    if (e.type === 'PaymentPermanentlyDeleted') deleted.add(id);
  }
  const rows = [...state.values()].filter((p) => !deleted.has(p.id));
  const insertedIds = new Set(inserted.map((p) => p.id));
  // Written with the part's last statement (nothing the part does later reads them): the added ones and the
  // changed ones are different rows.
  if (inserted.length > 0) {
    const rows = writes.rows(
      'id uuid, organization_id uuid, student_id uuid, course_id uuid, amount bigint, date timestamptz, counted boolean, active boolean',
      inserted.map((p) => (deleted.has(p.id) ? { ...p, active: false } : p)),
    );
    writes.add(
      `INSERT INTO ${t('stat_payments')} (id, organization_id, student_id, course_id, amount, date, counted, active)
       SELECT id, organization_id, student_id, course_id, amount, date, counted, active FROM ${rows}`,
    );
  }
  const updated = rows.filter((p) => !insertedIds.has(p.id));
  if (updated.length > 0)
    writes.add(
      `UPDATE ${t('stat_payments')} p SET amount = x.amount, counted = x.counted, active = x.active
         FROM ${writes.rows('id uuid, amount bigint, counted boolean, active boolean', updated)}
        WHERE p.id = x.id`,
    );
  return [...deleted];
}

const account = (p: { organization_id: string; student_id: string; course_id: string }) => ({
  organization_id: p.organization_id,
  student_id: p.student_id,
  course_id: p.course_id,
});

const collection = (p: PaymentRow, rec: string, delta: string): LedgerRow => ({
  ...ledgerLine(p.organization_id, p.date, rec),
  collections: delta,
});

/** An enrolment version as the lessons of a part are priced and counted by it. */
interface HeldBy {
  enrollment_id: string;
  organization_id: string;
  student_id: string;
  course_id: string;
  enrollment_type: string;
  /** Epoch milliseconds of start_date, end_date (none: never ends) and created_at. */
  start: number;
  end: number;
  created: number;
  charge: number;
  from_pos: number;
  to_pos: number;
}

/**
 * The enrolment versions that may price or count a lesson of the part: of the lessons' courses, current at
 * some position of the part and holding some time of it (the versions the part itself recorded included).
 * Read once, then each lesson takes its own from them in memory, by the same rules as `holder` and
 * `studentEnrolledAt` (a lateral lookup per row and a join per lesson were a fifth of the catch-up).
 */
async function versionsFor(sql: Sql, t: T, lessons: readonly Ev[]): Promise<HeldBy[]> {
  const data = lessons.map((e) => (e as EventOf<'AttendanceAdded'>).data);
  const times = data.map((d) => Date.parse(d.timestamp));
  const positions = lessons.map((e) => e.globalPosition);
  const r = await sql.query<{
    enrollment_id: string;
    organization_id: string;
    student_id: string;
    course_id: string;
    enrollment_type: string;
    start_ms: number;
    end_ms: number | null;
    created_ms: number;
    charge: string;
    from_pos: string;
    to_pos: string | null;
  }>(
    `SELECT enrollment_id, organization_id, student_id, course_id, enrollment_type,
            (extract(epoch FROM start_date) * 1000)::float8 AS start_ms, (extract(epoch FROM end_date) * 1000)::float8 AS end_ms,
            (extract(epoch FROM created_at) * 1000)::float8 AS created_ms, greatest(price - greatest(discount, 0), 0)::text AS charge, from_pos::text, to_pos::text
       FROM ${t('stat_enrollments')}
      WHERE course_id = ANY($1::uuid[]) AND from_pos <= $2 AND (to_pos IS NULL OR to_pos > $3)
        AND start_date <= $4 AND (end_date IS NULL OR end_date > $5)`,
    [
      [...new Set(data.map((d) => d.courseId))],
      positions.reduce((a, b) => (a > b ? a : b)).toString(),
      positions.reduce((a, b) => (a < b ? a : b)).toString(),
      new Date(Math.max(...times)).toISOString(),
      new Date(Math.min(...times)).toISOString(),
    ],
  );
  return r.rows.map((v) => ({
    enrollment_id: v.enrollment_id,
    organization_id: v.organization_id,
    student_id: v.student_id,
    course_id: v.course_id,
    enrollment_type: v.enrollment_type,
    start: v.start_ms,
    end: v.end_ms ?? Number.POSITIVE_INFINITY,
    created: v.created_ms,
    charge: Number(v.charge),
    from_pos: Number(v.from_pos),
    to_pos: v.to_pos === null ? Number.POSITIVE_INFINITY : Number(v.to_pos),
  }));
}

/**
 * `currentAt` and `enrollmentCoversSql` of statistics.sql.ts for one version, lesson time and position: the
 * domain's `enrollmentCoversAttendance` (start inclusive, end exclusive) on epoch milliseconds parsed once, as
 * it is asked about every version of the course for every lesson (store positions stay far below 2^53).
 */
const holds = (v: HeldBy, organizationId: string, at: number, q: number) =>
  v.organization_id === organizationId && v.from_pos <= q && v.to_pos > q && v.start <= at && at < v.end;

/** `holder`'s order: the latest start first, then the earliest created, then the smallest id. */
function holderFirst(a: HeldBy, b: HeldBy): number {
  if (a.start !== b.start) return b.start - a.start;
  if (a.created !== b.created) return a.created - b.created;
  return a.enrollment_id < b.enrollment_id ? -1 : a.enrollment_id > b.enrollment_id ? 1 : 0;
}

/**
 * The lessons added (an edit adds its new form after taking the old one back): each student's row priced,
 * and the lesson's enrolled students counted, by the versions current at the lesson's position.
 */
async function addLessons(sql: Sql, t: T, events: readonly Ev[], debt: DebtLine[], ledger: LedgerRow[]) {
  const lessons = events.filter((e) => e.type === 'AttendanceAdded' || e.type === 'AttendanceEdited');
  if (lessons.length === 0) return;
  const versions = await versionsFor(sql, t, lessons);
  const byCourse = new Map<string, HeldBy[]>();
  const byAccount = new Map<string, HeldBy[]>();
  const push = (m: Map<string, HeldBy[]>, k: string, v: HeldBy) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  for (const v of versions) {
    push(byCourse, v.course_id, v);
    if (v.enrollment_type === 'per_class') push(byAccount, `${v.student_id} ${v.course_id}`, v);
  }
  for (const list of byAccount.values()) list.sort(holderFirst);
  const rows = lessons.map((e) => {
    const d = (e as EventOf<'AttendanceAdded'>).data;
    const q = Number(e.globalPosition);
    const at = Date.parse(d.timestamp);
    const rec = e.metadata.occurredAt;
    const students = new Set<string>();
    for (const v of byCourse.get(d.courseId) ?? [])
      if (holds(v, d.organizationId, at, q)) students.add(v.student_id);
    let sum = 0;
    const charges = d.attendants.map((s) => {
      const h = byAccount.get(`${s} ${d.courseId}`)?.find((v) => holds(v, d.organizationId, at, q));
      const charge = h?.charge ?? 0;
      sum += charge;
      if (charge !== 0)
        debt.push({
          organization_id: d.organizationId,
          student_id: s,
          course_id: d.courseId,
          kind: 'charge',
          ts: d.timestamp,
          recorded_at: rec,
          delta: String(charge),
          q: pos(e),
        });
      return charge;
    });
    ledger.push({
      ...ledgerLine(d.organizationId, d.timestamp, rec),
      course_id: d.courseId,
      instructor_id: d.instructorId,
      lessons: 1,
      attendees: d.attendants.length,
      enrolled: students.size,
      charges: String(sum),
    });
    return {
      attendance_id: d.attendanceId,
      organization_id: d.organizationId,
      course_id: d.courseId,
      instructor_id: d.instructorId,
      at: d.timestamp,
      pos: pos(e),
      attendees: d.attendants.length,
      enrolled: students.size,
      students: d.attendants,
      charges,
    };
  });
  const insert = byColumn(
    1,
    'attendance_id uuid, organization_id uuid, course_id uuid, instructor_id uuid, at timestamptz, pos bigint, attendees int, enrolled int, students uuid[], charges bigint[]',
    rows,
    { flatArrays: true },
  );
  await sql.query(
    `INSERT INTO ${t('stat_attendances')} (attendance_id, organization_id, course_id, instructor_id, at, pos, attendees,
            enrolled, students, charges)
     SELECT attendance_id, organization_id, course_id, instructor_id, at, pos, attendees, enrolled, students, charges
       FROM ${insert.from}`,
    insert.params,
  );
}

/** A lesson taken back as it stands (its students' current charges and its counts) at `rec`. */
async function removeLesson(
  sql: Sql,
  t: T,
  attendanceId: string,
  rec: string,
  q: string,
  debt: DebtLine[],
  ledger: LedgerRow[],
) {
  const a = await sql.query<{
    organization_id: string;
    course_id: string;
    instructor_id: string | null;
    at: Date;
    attendees: number;
    enrolled: number;
    students: string[];
    charges: string[];
  }>(
    `DELETE FROM ${t('stat_attendances')} WHERE attendance_id = $1
     RETURNING organization_id, course_id, instructor_id, at, attendees, enrolled, students::text[], charges::text[]`,
    [attendanceId],
  );
  for (const x of a.rows) {
    const ts = new Date(x.at).toISOString();
    let sum = 0n;
    x.students.forEach((student, i) => {
      const charge = BigInt(x.charges[i]);
      sum += charge;
      if (charge !== 0n)
        debt.push({
          organization_id: x.organization_id,
          student_id: student,
          course_id: x.course_id,
          kind: 'charge',
          ts,
          recorded_at: rec,
          delta: String(-charge),
          q,
        });
    });
    ledger.push({
      ...ledgerLine(x.organization_id, ts, rec),
      course_id: x.course_id,
      instructor_id: x.instructor_id,
      lessons: -1,
      attendees: -x.attendees,
      enrolled: -x.enrolled,
      charges: String(-sum),
    });
  }
}

/** A lesson an enrolment change re-prices (a student's charge) or re-counts (its enrolled students). */
interface MovedLesson {
  q: string;
  rec: Date;
  attendance_id: string;
  organization_id: string;
  /** The re-priced student (none when re-counted). */
  student_id: string | null;
  course_id: string;
  instructor_id: string | null;
  at: Date;
  delta: string;
}

/**
 * The lessons the part's enrolment changes re-price (`reprice`) and re-count (`recount`), read in one statement
 * (they share the changes' moved ranges): each kind in the order of change, lesson (and student).
 */
async function movedLessons(sql: Sql, t: T, changes: Change[]) {
  const ch = byColumn(1, CHANGE, changes);
  const r = await sql.query<MovedLesson & { kind: number }>(
    `WITH ch AS (SELECT * FROM ${ch.from}),
     m AS (${movedRanges(t)}),
     pv AS (SELECT * FROM m WHERE m.per_class),
     -- The student's lessons of the course in each range, on the (course_id, at) index: the two moved ranges,
     -- and the whole of both versions when the terms changed (an added enrolment's is its second range).
     l AS (
       SELECT pv.q, pv.rec, pv.student_id, x.* FROM pv
       CROSS JOIN LATERAL (
         SELECT a.attendance_id, a.organization_id, a.course_id, a.at FROM ${t('stat_attendances')} a
          WHERE a.course_id = pv.course_id AND a.at >= pv.lo1 AND a.at < pv.hi1
            AND a.organization_id = pv.organization_id AND a.pos < pv.q AND pv.student_id = ANY(a.students)
         UNION
         SELECT a.attendance_id, a.organization_id, a.course_id, a.at FROM ${t('stat_attendances')} a
          WHERE a.course_id = pv.course_id AND a.at >= pv.lo2 AND a.at < pv.hi2
            AND a.organization_id = pv.organization_id AND a.pos < pv.q AND pv.student_id = ANY(a.students)
         UNION
         SELECT a.attendance_id, a.organization_id, a.course_id, a.at FROM ${t('stat_attendances')} a
          WHERE pv.terms AND NOT pv.added AND a.course_id = pv.course_id AND a.at >= pv.lo AND a.at < pv.hi
            AND a.organization_id = pv.organization_id AND a.pos < pv.q AND pv.student_id = ANY(a.students)
       ) x
     ),
     pd AS (
       SELECT l.q, l.rec, l.attendance_id, l.organization_id, l.student_id, l.course_id, l.at,
              coalesce((${holder(t, 'l.organization_id', 'l.student_id', 'l.course_id', 'l.at', 'l.q')}), 0)
            - coalesce((${holder(t, 'l.organization_id', 'l.student_id', 'l.course_id', 'l.at', 'l.q - 1')}), 0) AS delta
         FROM l
     ),
     -- Each moved range on the (course_id, at) index.
     lessons AS (
       SELECT m.q, m.rec, m.student_id, x.* FROM m
       CROSS JOIN LATERAL (
         SELECT a.attendance_id, a.organization_id, a.course_id, a.instructor_id, a.at FROM ${t('stat_attendances')} a
          WHERE a.course_id = m.course_id AND a.at >= m.lo1 AND a.at < m.hi1
            AND a.organization_id = m.organization_id AND a.pos < m.q
         UNION
         SELECT a.attendance_id, a.organization_id, a.course_id, a.instructor_id, a.at FROM ${t('stat_attendances')} a
          WHERE a.course_id = m.course_id AND a.at >= m.lo2 AND a.at < m.hi2
            AND a.organization_id = m.organization_id AND a.pos < m.q
       ) x
     ),
     cd AS (
       SELECT x.*, ${studentEnrolledAt(t, 'x.organization_id', 'x.student_id', 'x.course_id', 'x.at', 'x.q')}::int
                 - ${studentEnrolledAt(t, 'x.organization_id', 'x.student_id', 'x.course_id', 'x.at', 'x.q - 1')}::int AS delta
         FROM lessons x
     )
     SELECT 0 AS kind, q::text, rec, attendance_id, organization_id, student_id, course_id, NULL::uuid AS instructor_id, at,
            delta::text FROM pd WHERE delta <> 0
     UNION ALL
     SELECT 1, q::text, rec, attendance_id, organization_id, NULL, course_id, instructor_id, at, delta::text
       FROM cd WHERE delta <> 0
      ORDER BY kind, q, attendance_id, student_id`,
    ch.params,
  );
  return {
    priced: r.rows.filter((x): x is MovedLesson & { kind: number; student_id: string } => x.kind === 0),
    counted: r.rows.filter((x) => x.kind === 1),
  };
}

/**
 * Each enrolment change re-prices the student's lessons of the course recorded before it whose time either
 * version holds (only the changed enrolment moved, so no other lesson's holder changed): the price by the
 * versions current at the change against those current just before it. The differences are debt lines and
 * lesson charges at the change's moment; the lessons keep their current price.
 */
function reprice(
  t: T,
  rows: ReadonlyArray<MovedLesson & { student_id: string }>,
  debt: DebtLine[],
  ledger: LedgerRow[],
  writes: Writes,
) {
  if (rows.length === 0) return;
  const byMonth = new Map<string, LedgerRow>();
  const perLesson = new Map<string, { attendance_id: string; student_id: string; delta: bigint }>();
  for (const x of rows) {
    const ts = new Date(x.at).toISOString();
    const rec = new Date(x.rec).toISOString();
    debt.push({ ...account(x), kind: 'charge', ts, recorded_at: rec, delta: x.delta, q: x.q });
    const key = `${x.q} ${x.organization_id} ${monthKey(ts)}`;
    const m = byMonth.get(key);
    if (m) m.charges = String(BigInt(m.charges) + BigInt(x.delta));
    else byMonth.set(key, { ...ledgerLine(x.organization_id, ts, rec), charges: x.delta });
    const k = `${x.attendance_id} ${x.student_id}`;
    const p = perLesson.get(k) ?? { attendance_id: x.attendance_id, student_id: x.student_id, delta: 0n };
    p.delta += BigInt(x.delta);
    perLesson.set(k, p);
  }
  for (const row of byMonth.values()) if (BigInt(row.charges) !== 0n) ledger.push(row);
  const moved = [...perLesson.values()].filter((p) => p.delta !== 0n);
  if (moved.length > 0) {
    const x = writes.rows(
      'attendance_id uuid, student_id uuid, delta bigint',
      moved.map((p) => ({ ...p, delta: p.delta.toString() })),
    );
    // Each lesson's charges move by its students' differences, in the order of its students. With the part's
    // last statement: only the re-counting (a statement of its own, before it) also writes these rows.
    writes.add(`SELECT * FROM ${x}`);
    const moves = `w${writes.size - 1}`;
    writes.add(
      `UPDATE ${t('stat_attendances')} a
          SET charges = (SELECT array_agg(u.charge + coalesce(m.delta, 0) ORDER BY u.i)
                           FROM unnest(a.charges, a.students) WITH ORDINALITY AS u(charge, student_id, i)
                           LEFT JOIN ${moves} m ON m.attendance_id = a.attendance_id AND m.student_id = u.student_id)
        WHERE a.attendance_id IN (SELECT attendance_id FROM ${moves})`,
    );
  }
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The Istanbul month of an instant as the ledger's `month` column ('YYYY-MM', as SQL's
 * `to_char(at AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM')` writes it), computed here instead of per row in SQL.
 */
export const monthKey = (iso: string) => localDay(Date.parse(iso)).slice(0, -3);

/** The Istanbul calendar day of an instant, 'YYYY-MM-DD' (SQL's `(at AT TIME ZONE 'Europe/Istanbul')::date`). */
export const dayKey = (iso: string) => localDay(Date.parse(iso));

const DAY_MS = 86_400_000;
/** UTC day -> the zone's offset through that whole day (NaN when it changes inside the day). */
const dayOffsets = new Map<number, number>();

/** The zone's offset (ms) at an instant, from the domain's calendar. */
function offsetOf(epochMs: number): number {
  const l = toLocal(epochMs);
  return utcWall(l.year, l.month - 1, l.day, l.hour, l.minute, l.second, l.millisecond) - epochMs;
}

/**
 * The Istanbul day of an instant. The domain's calendar is asked twice per UTC day met (at its first and last
 * millisecond): an offset equal at both ends holds through the day, as the zone changes it at most once in a
 * day. A batch's lessons fall on far fewer days than hours, and each new hour cost the calendar two Intl calls.
 */
function localDay(epochMs: number): string {
  const n = Math.floor(epochMs / DAY_MS);
  let offset = dayOffsets.get(n);
  if (offset === undefined) {
    const first = offsetOf(n * DAY_MS);
    offset = first === offsetOf((n + 1) * DAY_MS - 1) ? first : Number.NaN;
    if (dayOffsets.size >= 100_000) dayOffsets.clear();
    dayOffsets.set(n, offset);
  }
  if (Number.isNaN(offset)) {
    const l = toLocal(epochMs);
    return `${pad(l.year, 4)}-${pad(l.month, 2)}-${pad(l.day, 2)}`;
  }
  const d = new Date(epochMs + offset);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
}

/**
 * Each enrolment change re-counts the students enrolled at its course's lessons recorded before it whose time
 * one version holds and the other does not (between the two starts, between the two ends; the whole range when
 * it was added): its student enrolled there by the versions current at the change against just before it.
 * The differences go to the ledger on the lesson's course and instructor lines at the change's moment.
 */
async function recount(sql: Sql, t: T, rows: readonly MovedLesson[], ledger: LedgerRow[]) {
  if (rows.length === 0) return;
  const lines = new Map<string, LedgerRow>();
  const perLesson = new Map<string, number>();
  for (const x of rows) {
    const delta = Number(x.delta);
    const ts = new Date(x.at).toISOString();
    const rec = new Date(x.rec).toISOString();
    // One line per change, month, course and instructor: the lesson's course and instructor lines move alike.
    const key = `${x.q} ${x.organization_id} ${monthKey(ts)} ${x.course_id} ${x.instructor_id ?? ''}`;
    const m = lines.get(key);
    if (m) m.enrolled += delta;
    else
      lines.set(key, {
        ...ledgerLine(x.organization_id, ts, rec),
        course_id: x.course_id,
        instructor_id: x.instructor_id,
        enrolled: delta,
      });
    perLesson.set(x.attendance_id, (perLesson.get(x.attendance_id) ?? 0) + delta);
  }
  for (const row of lines.values()) if (row.enrolled !== 0) ledger.push(row);
  const moved = [...perLesson].filter(([, d]) => d !== 0);
  if (moved.length > 0) {
    const x = byColumn(
      1,
      'attendance_id uuid, delta int',
      moved.map(([attendance_id, delta]) => ({ attendance_id, delta })),
    );
    await sql.query(
      `UPDATE ${t('stat_attendances')} a SET enrolled = a.enrolled + x.delta
         FROM ${x.from}
        WHERE a.attendance_id = x.attendance_id`,
      x.params,
    );
  }
}

/** The debt lines of one event, course, kind and day, as one stat_debt row: their students and amounts. */
interface DebtGroup {
  organization_id: string;
  course_id: string;
  kind: 'charge' | 'payment';
  day: string;
  recorded_at: string;
  students: string[];
  deltas: string[];
}

/** An account's lines summed per kind and day (zero sums left out), as stat_debt_accounts keeps them. */
interface AccountSums {
  organization_id: string;
  student_id: string;
  course_id: string;
  sums: Sums;
}

/**
 * The `sums` column: the days of each kind in order with their sums. JSON, not arrays of dates and numbers:
 * only this refresh reads it, and json is stored and sent back as written, where arrays were parsed and
 * printed element by element on every write and read.
 */
interface Sums {
  charge_days: string[];
  charges: number[];
  payment_days: string[];
  payments: number[];
}

/** Sums per Istanbul day of one kind of an account's lines. */
type DaySums = Map<string, number>;

/** A kuruş amount summed in memory: exact while it stays a safe integer (far beyond any school's sums). */
function add(sums: DaySums, day: string, delta: number) {
  const total = (sums.get(day) ?? 0) + delta;
  if (!Number.isSafeInteger(total)) throw new Error(`statistics: debt sum out of range (${total})`);
  if (total === 0) sums.delete(day);
  else sums.set(day, total);
}

/** An account (a student's course) the part's debt lines touched, with their sums per kind and Istanbul day. */
interface AccountPart {
  account: { organization_id: string; student_id: string; course_id: string };
  charges: DaySums;
  payments: DaySums;
}

/**
 * The accounts the part's debt lines touched, refreshed without reading their lines again: each account row
 * keeps its lines summed per kind and day, the part's sums are added to them, and the ageing inputs are
 * computed from them in memory exactly as `accountsFromLines` computes them from the lines (the reader's SQL
 * as of an earlier moment; an int test compares both).
 */
async function refreshAccounts(sql: Sql, t: T, accounts: Map<string, AccountPart>, writes: Writes) {
  const keys = byColumn(
    1,
    'organization_id uuid, student_id uuid, course_id uuid',
    [...accounts.values()].map((a) => a.account),
  );
  const stored = await sql.query<AccountSums>(
    `SELECT s.organization_id, s.student_id, s.course_id, s.sums
       FROM ${keys.from}
       JOIN ${t('stat_debt_accounts')} s ON s.organization_id = x.organization_id AND s.student_id = x.student_id
        AND s.course_id = x.course_id`,
    keys.params,
  );
  const before = new Map<string, Sums>();
  for (const { sums, ...row } of stored.rows)
    before.set(`${row.organization_id} ${row.student_id} ${row.course_id}`, sums);
  const added: object[] = [];
  const changed: object[] = [];
  for (const [key, { account: a, charges, payments }] of accounts) {
    const was = before.get(key);
    // A part's sums per day are never zero (`add` drops them), so a known account whose part sums are empty
    // (its lines cancelled out) keeps its sums and ageing inputs: it is not written.
    if (was !== undefined && charges.size === 0 && payments.size === 0) continue;
    const c = merged(was?.charge_days ?? [], was?.charges ?? [], charges);
    const p = merged(was?.payment_days ?? [], was?.payments ?? [], payments);
    const sums: Sums = { charge_days: c.days, charges: c.sums, payment_days: p.days, payments: p.sums };
    (was === undefined ? added : changed).push({ ...a, ...ageingInputs(c, p), sums });
  }
  // The sums are one json value per row (PostgreSQL parses the column's array once); the ageing's days and
  // unpaid parts travel flat.
  const columns =
    'organization_id uuid, student_id uuid, course_id uuid, credit bigint, has_debits boolean, days date[], unpaid bigint[], sums json';
  // New accounts are inserted and known ones updated in place, without an upsert's speculative insertion.
  if (added.length > 0)
    writes.add(
      `INSERT INTO ${t('stat_debt_accounts')} (organization_id, student_id, course_id, credit, has_debits, days, unpaid,
              sums)
       SELECT organization_id, student_id, course_id, credit, has_debits, days, unpaid, sums
         FROM ${writes.rows(columns, added)}`,
    );
  if (changed.length > 0)
    writes.add(
      `UPDATE ${t('stat_debt_accounts')} s
          SET credit = x.credit, has_debits = x.has_debits, days = x.days, unpaid = x.unpaid, sums = x.sums
         FROM ${writes.rows(columns, changed)}
        WHERE s.organization_id = x.organization_id AND s.student_id = x.student_id AND s.course_id = x.course_id`,
    );
}

const byDay = (x: [string, number], y: [string, number]) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0);

/** Sums per Istanbul day of one kind of an account, in day order, none zero (as `Sums` keeps them). */
interface DayList {
  days: string[];
  sums: number[];
}

/**
 * Kept sums per day (in day order, none zero) with a part's sums per day added: in day order, the days whose
 * sum became zero left out.
 */
function merged(days: readonly string[], sums: readonly number[], part: DaySums): DayList {
  const extra = part.size === 0 ? [] : [...part].sort(byDay);
  if (extra.length === 0) return { days: days.slice(), sums: sums.slice() };
  const out: DayList = { days: [], sums: [] };
  const push = (day: string, sum: number) => {
    out.days.push(day);
    out.sums.push(sum);
  };
  let i = 0;
  let j = 0;
  while (i < days.length || j < extra.length) {
    if (j >= extra.length || (i < days.length && days[i] < extra[j][0])) {
      push(days[i], sums[i]);
      i++;
    } else if (i >= days.length || extra[j][0] < days[i]) {
      if (extra[j][1] !== 0) push(extra[j][0], extra[j][1]);
      j++;
    } else {
      const total = sums[i] + extra[j][1];
      if (!Number.isSafeInteger(total)) throw new Error(`statistics: debt sum out of range (${total})`);
      if (total !== 0) push(days[i], total);
      i++;
      j++;
    }
  }
  return out;
}

/**
 * `accountsFromLines` in memory, from an account's non-zero sums per day of charges and of payments, each in
 * day order: a charge sum is a debit, a payment sum a credit (a negative sum the other way round); what is
 * unpaid is the newest debits (a charge before a payment of the same day) up to debits minus credit; the
 * unpaid ones in the order of day and unpaid part.
 */
export function ageingInputs(
  charges: DayList,
  payments: DayList,
): { credit: number; has_debits: boolean; days: string[]; unpaid: number[] } {
  let owed = 0;
  let credit = 0;
  let hasDebits = false;
  for (const v of charges.sums)
    if (v > 0) {
      owed += v;
      hasDebits = true;
    } else credit -= v;
  for (const v of payments.sums)
    if (v < 0) {
      owed -= v;
      hasDebits = true;
    } else credit += v;
  owed -= credit;
  // Newest first: the days of both kinds merged from the end, a charge before a payment of the same day; once
  // the newer debits cover what is owed, no older one is unpaid.
  const unpaid: Array<[string, number]> = [];
  let newer = 0;
  let i = charges.days.length - 1;
  let j = payments.days.length - 1;
  while ((i >= 0 || j >= 0) && newer < owed) {
    let day: string;
    let debit: number;
    if (j < 0 || (i >= 0 && charges.days[i] >= payments.days[j])) {
      day = charges.days[i];
      debit = charges.sums[i--];
    } else {
      day = payments.days[j];
      debit = -payments.sums[j--];
    }
    if (debit <= 0) continue;
    newer += debit;
    const u = Math.min(debit, owed - (newer - debit));
    if (u > 0) unpaid.push([day, u]);
  }
  unpaid.sort((x, y) => byDay(x, y) || x[1] - y[1]);
  return {
    credit,
    has_debits: hasDebits,
    days: unpaid.map(([d]) => d),
    unpaid: unpaid.map(([, u]) => u),
  };
}
