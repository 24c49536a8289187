import type { EventOf } from '@okul/domain';
import type { Sql } from '../runtime/sql';
import { defineProjection } from '../runtime/projection';
import { statisticsBatch, STATISTICS_BATCH_TYPES } from './statistics.batch';
import { day, enrolledAt, holder, month, type T } from './statistics.sql';

/**
 * The İstatistikler view's read models, kept so that every figure can be answered "as of" a past moment
 * (docs/DECISIONS.md, statistics): what the events recorded up to then gave, never recomputed over the store.
 *
 * - stat_enrollments: every version of each enrolment's terms with the moments it was recorded and replaced
 *   (recorded_from inclusive, recorded_to exclusive, null = current);
 * - stat_ledger: per organisation, metric, Istanbul month and dimension (course or instructor id, '' for
 *   none) the change each event made and when it was recorded: `collections` (payments received, corrections
 *   left out: they adjust balances, no money moved), `lesson_charges` (per_class charges of attended lessons,
 *   re-priced when an enrolment changes, like the balances read model), `lessons` and `attendees` per course
 *   (`course:<id>`) and per instructor (`instructor:<id>`, `instructor:` for Diğer), and `enrolled` (the
 *   students enrolled in the course at each lesson, re-counted when an enrolment changes) on the same lines.
 *   A figure as of a moment is the sum of the changes recorded until then;
 * - stat_debt: per student, course and Istanbul day the change each event made to the lesson charges and the
 *   payments (corrections included, as on the balance sheet) with when it was recorded, for the debt ageing;
 * - stat_debt_accounts: per account (a student's course) a version from each event that changed its stat_debt
 *   lines (recorded_from inclusive, recorded_to exclusive, null = current) with its credit and the unpaid part
 *   of its debits by day, so the ageing as of a moment reads one row per account, not every line;
 * - stat_lessons / stat_attendances / stat_payments: the current state those changes are taken from.
 *
 * Periodic charges depend on the moment asked, so the reader counts them from the enrolment versions.
 */
export const statisticsProjection = defineProjection({
  name: 'statistics',
  version: 4,
  tables: [
    'stat_enrollments',
    'stat_ledger',
    'stat_lessons',
    'stat_attendances',
    'stat_payments',
    'stat_debt',
    'stat_debt_accounts',
  ],
  schema: (t) => `
    CREATE TABLE ${t('stat_enrollments')} (
      enrollment_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      student_id uuid NOT NULL,
      course_id uuid NOT NULL,
      enrollment_type text NOT NULL,
      start_date timestamptz NOT NULL,
      end_date timestamptz,
      price bigint NOT NULL,
      discount bigint NOT NULL,
      period_unit text,
      period_length int,
      created_at timestamptz NOT NULL,
      recorded_from timestamptz NOT NULL,
      recorded_to timestamptz
    );
    CREATE INDEX ON ${t('stat_enrollments')} (organization_id, recorded_from);
    CREATE INDEX ON ${t('stat_enrollments')} (enrollment_id, recorded_to);
    CREATE INDEX ON ${t('stat_enrollments')} (student_id, course_id) WHERE recorded_to IS NULL;
    CREATE UNIQUE INDEX ON ${t('stat_enrollments')} (enrollment_id) WHERE recorded_to IS NULL;
    CREATE INDEX ON ${t('stat_enrollments')} (course_id, start_date) WHERE recorded_to IS NULL;
    CREATE TABLE ${t('stat_ledger')} (
      organization_id uuid NOT NULL,
      metric text NOT NULL,
      month text NOT NULL,
      dim text NOT NULL,
      recorded_at timestamptz NOT NULL,
      delta bigint NOT NULL
    );
    CREATE INDEX ON ${t('stat_ledger')} (organization_id, month, metric, dim, recorded_at) INCLUDE (delta);
    CREATE TABLE ${t('stat_lessons')} (
      attendance_id uuid NOT NULL,
      student_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      course_id uuid NOT NULL,
      at timestamptz NOT NULL,
      charge bigint NOT NULL,
      PRIMARY KEY (attendance_id, student_id)
    );
    CREATE INDEX ON ${t('stat_lessons')} (student_id, course_id);
    CREATE TABLE ${t('stat_attendances')} (
      attendance_id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      course_id uuid NOT NULL,
      instructor_id uuid,
      at timestamptz NOT NULL,
      attendees int NOT NULL,
      enrolled int NOT NULL
    );
    CREATE INDEX ON ${t('stat_attendances')} (course_id, at);
    CREATE TABLE ${t('stat_payments')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      student_id uuid NOT NULL,
      course_id uuid NOT NULL,
      amount bigint NOT NULL,
      date timestamptz NOT NULL,
      counted boolean NOT NULL,
      active boolean NOT NULL
    );
    CREATE TABLE ${t('stat_debt')} (
      organization_id uuid NOT NULL,
      student_id uuid NOT NULL,
      course_id uuid NOT NULL,
      kind text NOT NULL,
      day date NOT NULL,
      recorded_at timestamptz NOT NULL,
      delta bigint NOT NULL
    );
    CREATE INDEX ON ${t('stat_debt')} (student_id, course_id);
    CREATE INDEX ON ${t('stat_debt')} (organization_id, recorded_at);
    CREATE TABLE ${t('stat_debt_accounts')} (
      organization_id uuid NOT NULL,
      student_id uuid NOT NULL,
      course_id uuid NOT NULL,
      recorded_from timestamptz NOT NULL,
      recorded_to timestamptz,
      credit bigint NOT NULL,
      has_debits boolean NOT NULL,
      days date[] NOT NULL,
      unpaid bigint[] NOT NULL
    );
    CREATE INDEX ON ${t('stat_debt_accounts')} (organization_id, recorded_to) WHERE recorded_to IS NOT NULL;
    CREATE INDEX ON ${t('stat_debt_accounts')} (organization_id) WHERE recorded_to IS NULL;
    CREATE INDEX ON ${t('stat_debt_accounts')} (student_id, course_id) WHERE recorded_to IS NULL;
  `,
  handlers: {
    EnrollmentAdded: async ({ sql, table }, e: EventOf<'EnrollmentAdded'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('stat_enrollments')} (enrollment_id, organization_id, student_id, course_id, enrollment_type,
                start_date, end_date, price, discount, period_unit, period_length, created_at, recorded_from)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
        [
          d.enrollmentId,
          d.organizationId,
          d.studentId,
          d.courseId,
          d.enrollmentType,
          d.startDate,
          d.endDate,
          d.price,
          d.discount,
          d.periodUnit,
          d.periodLength,
          d.createdAt,
          e.metadata.occurredAt,
        ],
      );
      await repriceLessons(sql, table, d.studentId, d.courseId, e.metadata.occurredAt);
      await recountEnrolled(sql, table, d.enrollmentId, d.courseId, e.metadata.occurredAt);
      await refreshAccounts(sql, table, d.organizationId, e.metadata.occurredAt);
    },
    EnrollmentEdited: async ({ sql, table }, e: EventOf<'EnrollmentEdited'>) => {
      const d = e.data;
      await newVersion(sql, table, d.enrollmentId, e.metadata.occurredAt, {
        start_date: d.startDate,
        end_date: d.endDate,
        price: d.price,
        discount: d.discount,
        period_unit: d.periodUnit,
        period_length: d.periodLength,
      });
      await repriceLessons(sql, table, d.studentId, d.courseId, e.metadata.occurredAt);
      await recountEnrolled(sql, table, d.enrollmentId, d.courseId, e.metadata.occurredAt);
      await refreshAccounts(sql, table, d.organizationId, e.metadata.occurredAt);
    },
    EnrollmentEnded: async ({ sql, table }, e: EventOf<'EnrollmentEnded'>) => {
      const d = e.data;
      await newVersion(sql, table, d.enrollmentId, e.metadata.occurredAt, { end_date: d.endDate });
      await repriceLessons(sql, table, d.studentId, d.courseId, e.metadata.occurredAt);
      await recountEnrolled(sql, table, d.enrollmentId, d.courseId, e.metadata.occurredAt);
      await refreshAccounts(sql, table, d.organizationId, e.metadata.occurredAt);
    },
    AttendanceAdded: async ({ sql, table }, e: EventOf<'AttendanceAdded'>) => {
      await addLesson(sql, table, e.data, e.metadata.occurredAt);
      await refreshAccounts(sql, table, e.data.organizationId, e.metadata.occurredAt);
    },
    AttendanceEdited: async ({ sql, table }, e: EventOf<'AttendanceEdited'>) => {
      await removeLesson(sql, table, e.data.attendanceId, e.metadata.occurredAt);
      await addLesson(sql, table, e.data, e.metadata.occurredAt);
      await refreshAccounts(sql, table, e.data.organizationId, e.metadata.occurredAt);
    },
    AttendanceDeleted: async ({ sql, table }, e: EventOf<'AttendanceDeleted'>) => {
      await removeLesson(sql, table, e.data.attendanceId, e.metadata.occurredAt);
      await refreshAccounts(sql, table, e.data.organizationId, e.metadata.occurredAt);
    },
    PaymentAdded: async ({ sql, table }, e: EventOf<'PaymentAdded'>) => {
      const d = e.data;
      // One round trip: the payment, its line for the ageing and, unless a correction, its collection.
      await sql.query(
        `WITH p AS (
           INSERT INTO ${table('stat_payments')} (id, organization_id, student_id, course_id, amount, date, counted, active)
           VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::bigint, $6::timestamptz, $7::boolean, true)
         ),
         debt AS (
           INSERT INTO ${table('stat_debt')} (organization_id, student_id, course_id, kind, day, recorded_at, delta)
           VALUES ($2::uuid, $3::uuid, $4::uuid, 'payment', ${day('$6::timestamptz')}, $8::timestamptz, $5::bigint)
         )
         INSERT INTO ${table('stat_ledger')} (organization_id, metric, month, dim, recorded_at, delta)
         SELECT $2::uuid, 'collections', ${month('$6::timestamptz')}, '', $8::timestamptz, $5::bigint WHERE $7::boolean`,
        [
          d.paymentId,
          d.organizationId,
          d.studentId,
          d.courseId,
          d.amount,
          d.date,
          !d.isCorrection,
          e.metadata.occurredAt,
        ],
      );
      await refreshAccounts(sql, table, d.organizationId, e.metadata.occurredAt);
    },
    PaymentEdited: async ({ sql, table }, e: EventOf<'PaymentEdited'>) => {
      await changePayment(sql, table, e.data.paymentId, e.metadata.occurredAt, {
        amount: e.data.amount,
        counted: !e.data.isCorrection,
      });
      await refreshAccounts(sql, table, e.data.organizationId, e.metadata.occurredAt);
    },
    PaymentSoftDeleted: async ({ sql, table }, e: EventOf<'PaymentSoftDeleted'>) => {
      await changePayment(sql, table, e.data.paymentId, e.metadata.occurredAt, { active: false });
      await refreshAccounts(sql, table, e.data.organizationId, e.metadata.occurredAt);
    },
    PaymentResurrected: async ({ sql, table }, e: EventOf<'PaymentResurrected'>) => {
      await changePayment(sql, table, e.data.paymentId, e.metadata.occurredAt, { active: true });
      await refreshAccounts(sql, table, e.data.organizationId, e.metadata.occurredAt);
    },
    PaymentPermanentlyDeleted: async ({ sql, table }, e: EventOf<'PaymentPermanentlyDeleted'>) => {
      await changePayment(sql, table, e.data.paymentId, e.metadata.occurredAt, { active: false });
      await refreshAccounts(sql, table, e.data.organizationId, e.metadata.occurredAt);
      await sql.query(`DELETE FROM ${table('stat_payments')} WHERE id = $1`, [e.data.paymentId]);
    },
  },
  batchHandlers: Object.fromEntries(STATISTICS_BATCH_TYPES.map((type) => [type, statisticsBatch])) as {
    [T in (typeof STATISTICS_BATCH_TYPES)[number]]: typeof statisticsBatch;
  },
});

/**
 * The debt ageing's account versions (docs/DECISIONS.md, statistics): the accounts (a student's course) whose
 * stat_debt lines an event changed get a new version from `at`: their credit, whether they have any debit, and
 * the unpaid part of their debits by Istanbul day, payments settling the oldest first (statistics/ageing.ts
 * debtAgeing): what is unpaid is the newest debits up to debits minus credit. The ageing as of a moment then
 * reads one row per account instead of every line. Debits of one day (a lesson and a negative correction)
 * are ordered by their unpaid part too, so the arrays are the same on every plan and with the batch handler.
 */
async function refreshAccounts(sql: Sql, t: T, organizationId: string, at: string) {
  await sql.query(
    `WITH acc AS (
       SELECT DISTINCT organization_id, student_id, course_id FROM ${t('stat_debt')}
        WHERE organization_id = $1 AND recorded_at = $2
     ),
     g AS (
       SELECT d.student_id, d.course_id, d.day,
              CASE WHEN d.kind = 'charge' THEN sum(d.delta) ELSE -sum(d.delta) END AS debit
         FROM ${t('stat_debt')} d JOIN acc ON acc.student_id = d.student_id AND acc.course_id = d.course_id
        GROUP BY d.student_id, d.course_id, d.kind, d.day
       HAVING sum(d.delta) <> 0
     ),
     w AS (
       SELECT g.student_id, g.course_id, g.day, g.debit,
              sum(greatest(g.debit, 0)) OVER a - sum(greatest(-g.debit, 0)) OVER a AS owed,
              sum(greatest(g.debit, 0)) OVER (a ORDER BY g.day DESC ROWS UNBOUNDED PRECEDING) AS newer
         FROM g
       WINDOW a AS (PARTITION BY g.student_id, g.course_id)
     ),
     u AS (
       SELECT w.student_id, w.course_id, w.day, w.debit,
              CASE WHEN w.debit > 0 THEN greatest(0, least(w.debit, w.owed - (w.newer - w.debit))) ELSE 0 END
                AS unpaid
         FROM w
     ),
     closed AS (
       UPDATE ${t('stat_debt_accounts')} x SET recorded_to = $2
         FROM acc
        WHERE x.student_id = acc.student_id AND x.course_id = acc.course_id AND x.recorded_to IS NULL
     )
     INSERT INTO ${t('stat_debt_accounts')} (organization_id, student_id, course_id, recorded_from, credit, has_debits,
            days, unpaid)
     SELECT acc.organization_id, acc.student_id, acc.course_id, $2,
            coalesce(sum(greatest(-u.debit, 0)), 0), coalesce(bool_or(u.debit > 0), false),
            coalesce(array_agg(u.day ORDER BY u.day, u.unpaid) FILTER (WHERE u.unpaid > 0), '{}'),
            coalesce(array_agg(u.unpaid ORDER BY u.day, u.unpaid) FILTER (WHERE u.unpaid > 0), '{}')
       FROM acc
       LEFT JOIN u ON u.student_id = acc.student_id AND u.course_id = acc.course_id
      GROUP BY acc.organization_id, acc.student_id, acc.course_id`,
    [organizationId, at],
  );
}

/** Closes the current version of an enrolment and records the changed one from `at`. */
async function newVersion(
  sql: Sql,
  t: T,
  enrollmentId: string,
  at: string,
  changes: Record<string, string | number | null>,
) {
  const columns = Object.keys(changes);
  const kept = [
    'organization_id',
    'student_id',
    'course_id',
    'enrollment_type',
    'start_date',
    'end_date',
    'price',
    'discount',
    'period_unit',
    'period_length',
    'created_at',
  ];
  const select = kept.map((c) => {
    const i = columns.indexOf(c);
    return i < 0 ? `old.${c}` : `$${i + 3}`;
  });
  await sql.query(
    `WITH old AS (
       UPDATE ${t('stat_enrollments')} SET recorded_to = $2 WHERE enrollment_id = $1 AND recorded_to IS NULL
       RETURNING *
     )
     INSERT INTO ${t('stat_enrollments')} (enrollment_id, ${kept.join(', ')}, recorded_from)
     SELECT old.enrollment_id, ${select.join(', ')}, $2 FROM old`,
    [enrollmentId, at, ...columns.map((c) => changes[c])],
  );
}

/** An enrolment change re-prices the student's lessons of the course; the differences go to the ledger. */
async function repriceLessons(sql: Sql, t: T, studentId: string, courseId: string, at: string) {
  await sql.query(
    `WITH priced AS (
       SELECT l.attendance_id, l.charge AS old_charge, coalesce(x.charge, 0) AS new_charge
         FROM ${t('stat_lessons')} l
         LEFT JOIN LATERAL (${holder(t, 'l.student_id', 'l.course_id', 'l.at')}) x ON true
        WHERE l.student_id = $1 AND l.course_id = $2
     ),
     changed AS (
       UPDATE ${t('stat_lessons')} l SET charge = p.new_charge
         FROM priced p
        WHERE l.attendance_id = p.attendance_id AND l.student_id = $1 AND p.new_charge <> p.old_charge
       RETURNING l.organization_id, l.student_id, l.course_id, l.at, p.new_charge - p.old_charge AS delta
     ),
     debt AS (
       INSERT INTO ${t('stat_debt')} (organization_id, student_id, course_id, kind, day, recorded_at, delta)
       SELECT organization_id, student_id, course_id, 'charge', ${day('at')}, $3, delta FROM changed
     )
     INSERT INTO ${t('stat_ledger')} (organization_id, metric, month, dim, recorded_at, delta)
     SELECT organization_id, 'lesson_charges', ${month('at')}, '', $3, sum(delta)
       FROM changed GROUP BY organization_id, ${month('at')} HAVING sum(delta) <> 0`,
    [studentId, courseId, at],
  );
}

/** A lesson's rows priced by the enrolments holding them; its charges and counts go to the ledger. */
async function addLesson(
  sql: Sql,
  t: T,
  d: {
    attendanceId: string;
    organizationId: string;
    courseId: string;
    timestamp: string;
    attendants: string[];
    instructorId: string | null;
  },
  at: string,
) {
  await sql.query(
    `WITH l AS (
       INSERT INTO ${t('stat_lessons')} (attendance_id, student_id, organization_id, course_id, at, charge)
       SELECT $1, s.id, $2, $3, $4::timestamptz, coalesce(x.charge, 0)
         FROM unnest($5::uuid[]) AS s(id)
         LEFT JOIN LATERAL (${holder(t, 's.id', '$3', '$4::timestamptz')}) x ON true
       RETURNING student_id, charge
     ),
     debt AS (
       INSERT INTO ${t('stat_debt')} (organization_id, student_id, course_id, kind, day, recorded_at, delta)
       SELECT $2, student_id, $3, 'charge', ${day('$4::timestamptz')}, $6, charge FROM l WHERE charge <> 0
     )
     INSERT INTO ${t('stat_ledger')} (organization_id, metric, month, dim, recorded_at, delta)
     SELECT $2, 'lesson_charges', ${month('$4::timestamptz')}, '', $6, sum(charge) FROM l HAVING sum(charge) <> 0`,
    [d.attendanceId, d.organizationId, d.courseId, d.timestamp, d.attendants, at],
  );
  await sql.query(
    `WITH a AS (
       INSERT INTO ${t('stat_attendances')} (attendance_id, organization_id, course_id, instructor_id, at, attendees,
              enrolled)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::timestamptz, $6::int,
               (${enrolledAt(t, '$3::uuid', '$5::timestamptz')}))
       RETURNING *
     )
     ${countLessons(t, '$7::timestamptz', 1)}`,
    [d.attendanceId, d.organizationId, d.courseId, d.instructorId, d.timestamp, d.attendants.length, at],
  );
}

/** The ledger lines of the counts of the lessons `a` (stat_attendances rows), added (1) or taken back (-1). */
const countLessons = (t: T, at: string, sign: 1 | -1) => `
  INSERT INTO ${t('stat_ledger')} (organization_id, metric, month, dim, recorded_at, delta)
  SELECT a.organization_id, m.metric, ${month('a.at')}, d.dim, ${at}, ${sign} * m.value
    FROM a
    CROSS JOIN LATERAL (VALUES ('course:' || a.course_id), ('instructor:' || coalesce(a.instructor_id::text, ''))) d(dim)
    CROSS JOIN LATERAL (VALUES ('lessons', 1), ('attendees', a.attendees), ('enrolled', a.enrolled)) m(metric, value)`;

async function removeLesson(sql: Sql, t: T, attendanceId: string, at: string) {
  await sql.query(
    `WITH a AS (DELETE FROM ${t('stat_attendances')} WHERE attendance_id = $1 RETURNING *)
     ${countLessons(t, '$2::timestamptz', -1)}`,
    [attendanceId, at],
  );
  await sql.query(
    `WITH l AS (
       DELETE FROM ${t('stat_lessons')} WHERE attendance_id = $1
       RETURNING organization_id, student_id, course_id, at, charge
     ),
     debt AS (
       INSERT INTO ${t('stat_debt')} (organization_id, student_id, course_id, kind, day, recorded_at, delta)
       SELECT organization_id, student_id, course_id, 'charge', ${day('at')}, $2, -charge FROM l WHERE charge <> 0
     )
     INSERT INTO ${t('stat_ledger')} (organization_id, metric, month, dim, recorded_at, delta)
     SELECT organization_id, 'lesson_charges', ${month('at')}, '', $2, -sum(charge)
       FROM l GROUP BY organization_id, ${month('at')} HAVING sum(charge) <> 0`,
    [attendanceId, at],
  );
}

/** A payment's counted amount before and after a change; the difference goes to the ledger. */
async function changePayment(
  sql: Sql,
  t: T,
  paymentId: string,
  at: string,
  change: { amount?: number; counted?: boolean; active?: boolean },
) {
  await sql.query(
    `WITH old AS (SELECT * FROM ${t('stat_payments')} WHERE id = $1),
          p AS (
            UPDATE ${t('stat_payments')} SET amount = coalesce($3, amount), counted = coalesce($4, counted),
                   active = coalesce($5, active)
             WHERE id = $1 RETURNING organization_id, student_id, course_id, date, amount, counted, active
          ),
          debt AS (
            INSERT INTO ${t('stat_debt')} (organization_id, student_id, course_id, kind, day, recorded_at, delta)
            SELECT p.organization_id, p.student_id, p.course_id, 'payment', ${day('p.date')}, $2,
                   (CASE WHEN p.active THEN p.amount ELSE 0 END) - (CASE WHEN old.active THEN old.amount ELSE 0 END)
              FROM p, old
             WHERE (CASE WHEN p.active THEN p.amount ELSE 0 END) <> (CASE WHEN old.active THEN old.amount ELSE 0 END)
          )
     INSERT INTO ${t('stat_ledger')} (organization_id, metric, month, dim, recorded_at, delta)
     SELECT p.organization_id, 'collections', ${month('p.date')}, '', $2,
            (CASE WHEN p.counted AND p.active THEN p.amount ELSE 0 END)
          - (CASE WHEN old.counted AND old.active THEN old.amount ELSE 0 END)
       FROM p, old
      WHERE (CASE WHEN p.counted AND p.active THEN p.amount ELSE 0 END)
         <> (CASE WHEN old.counted AND old.active THEN old.amount ELSE 0 END)`,
    [paymentId, at, change.amount ?? null, change.counted ?? null, change.active ?? null],
  );
}

/**
 * An enrolment change re-counts the students enrolled at the course's lessons whose time the change moved in
 * or out of the enrolment (its previous version, closed at `at`, against the current one; none before it was
 * added): every other lesson keeps its count, as no other enrolment changed. The differences go to the ledger
 * on the lesson's course and instructor lines.
 */
async function recountEnrolled(sql: Sql, t: T, enrollmentId: string, courseId: string, at: string) {
  await sql.query(
    `WITH cur AS (
       SELECT start_date AS s, coalesce(end_date, 'infinity') AS e FROM ${t('stat_enrollments')}
        WHERE enrollment_id = $2 AND recorded_to IS NULL
     ),
     prev AS (
       SELECT start_date AS s, coalesce(end_date, 'infinity') AS e FROM ${t('stat_enrollments')}
        WHERE enrollment_id = $2 AND recorded_to = $3
        ORDER BY recorded_from DESC
        LIMIT 1
     ),
     -- The times covered by one version and not the other: between the two starts and between the two ends
     -- (the whole current range when there was no previous version).
     moved AS (
       SELECT least(cur.s, coalesce(prev.s, cur.s)) AS lo1, greatest(cur.s, coalesce(prev.s, cur.s)) AS hi1,
              CASE WHEN prev.s IS NULL THEN cur.s ELSE least(cur.e, prev.e) END AS lo2,
              CASE WHEN prev.s IS NULL THEN cur.e ELSE greatest(cur.e, prev.e) END AS hi2
         FROM cur LEFT JOIN prev ON true
     ),
     c AS (
       SELECT a.attendance_id, a.enrolled AS old, (${enrolledAt(t, 'a.course_id', 'a.at')}) AS new
         FROM ${t('stat_attendances')} a, moved m
        WHERE a.course_id = $1 AND ((a.at >= m.lo1 AND a.at < m.hi1) OR (a.at >= m.lo2 AND a.at < m.hi2))
     ),
     u AS (
       UPDATE ${t('stat_attendances')} a SET enrolled = c.new
         FROM c
        WHERE a.attendance_id = c.attendance_id AND c.new <> c.old
       RETURNING a.organization_id, a.course_id, a.instructor_id, a.at, c.new - c.old AS delta
     )
     INSERT INTO ${t('stat_ledger')} (organization_id, metric, month, dim, recorded_at, delta)
     SELECT u.organization_id, 'enrolled', ${month('u.at')}, d.dim, $3, sum(u.delta)
       FROM u
       CROSS JOIN LATERAL (VALUES ('course:' || u.course_id), ('instructor:' || coalesce(u.instructor_id::text, ''))) d(dim)
      GROUP BY u.organization_id, ${month('u.at')}, d.dim
     HAVING sum(u.delta) <> 0`,
    [courseId, enrollmentId, at],
  );
}
