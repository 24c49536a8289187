import type { EventOf } from '@okul/domain';
import { defineProjection, type ProjectionContext } from '../runtime/projection';
import { applyStatistics, STATISTICS_TYPES, type StatisticsType } from './statistics.batch';

/**
 * The İstatistikler view's read models, kept so that every figure can be answered "as of" a past moment
 * (docs/DECISIONS.md, statistics): what the events recorded up to then gave, never recomputed over the store.
 *
 * - stat_enrollments: every version of each enrolment's terms with the moments it was recorded and replaced
 *   (recorded_from inclusive, recorded_to exclusive, null = current) and the store positions of those events
 *   (from_pos, to_pos), by which a batch prices and counts each lesson as it stood at its own event;
 * - stat_ledger: per organisation and Istanbul month the change each event made and when it was recorded,
 *   one line per event and month (per course and instructor where it counts lessons): `collections`
 *   (payments received, corrections left out: they adjust balances, no money moved), `charges` (per_class
 *   charges of attended lessons, re-priced when an enrolment changes, like the balances read model), and on
 *   the lines of a course (`course_id`) and instructor (`instructor_id`, null for Diğer) `lessons`,
 *   `attendees` and `enrolled` (the students enrolled in the course at each lesson, re-counted when an
 *   enrolment changes). A figure as of a moment is the sum of the changes recorded until then;
 * - stat_totals: the ledger summed per organisation, metric (`collections`, `lesson_charges`, `lessons`,
 *   `attendees`, `enrolled`), month and dimension ('', `course:<id>`, `instructor:<id>`, `instructor:` for
 *   Diğer): the figures as of now;
 * - stat_debt: per student, course and Istanbul day the change each event made to the lesson charges and the
 *   payments (corrections included, as on the balance sheet) with when it was recorded, for the debt ageing;
 *   the lines of one event, course, kind and day are one row (`students` and their `deltas`: a lesson's
 *   attendees), read as lines through `debtLines`;
 * - stat_debt_accounts: per account (a student's course) its credit and the unpaid part of its debits by day
 *   from all its lines (the ageing as of now reads one row per account), and its lines summed per kind and day
 *   (`sums`: charge_days/charges, payment_days/payments), from which a batch refreshes it without reading its
 *   lines; as of an earlier moment the reader computes the same from the lines recorded until then;
 * - stat_orgs: the last moment recorded per organisation: a moment at or after it is answered from the totals;
 * - stat_attendances / stat_payments: the current state those changes are taken from (a lesson's students
 *   with the charge of each, in the same order, as its enrolments price it now);
 *
 * Periodic charges depend on the moment asked, so the reader counts them from the enrolment versions.
 */
const applyOne = (ctx: ProjectionContext, e: unknown) => applyStatistics(ctx, [e as never]);
const applyMany = (ctx: ProjectionContext, es: unknown[]) => applyStatistics(ctx, es as never[]);

export const statisticsProjection = defineProjection({
  name: 'statistics',
  // 11: lessons priced again over both versions' whole range when an enrolment's start moves.
  version: 11,
  tables: [
    'stat_enrollments',
    'stat_ledger',
    'stat_totals',
    'stat_attendances',
    'stat_payments',
    'stat_debt',
    'stat_debt_accounts',
    'stat_orgs',
  ],
  schema: (t) => `
    -- stat_lessons (up to version 7) is gone: a lesson's students and their charges are on its stat_attendances
    -- row. Its view and the tables of the generations that had it go with the first generation without it.
    DO $$
    DECLARE r record;
    BEGIN
      FOR r IN SELECT tablename FROM pg_tables
                WHERE schemaname = current_schema() AND tablename LIKE 'stat\\_lessons\\_\\_g%' LOOP
        EXECUTE format('DROP TABLE %I CASCADE', r.tablename);
      END LOOP;
      DROP VIEW IF EXISTS stat_lessons;
    END $$;
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
      recorded_to timestamptz,
      from_pos bigint NOT NULL,
      to_pos bigint
    );
    CREATE INDEX ON ${t('stat_enrollments')} (organization_id, recorded_from);
    CREATE INDEX ON ${t('stat_enrollments')} (organization_id) WHERE to_pos IS NULL;
    CREATE INDEX ON ${t('stat_enrollments')} (enrollment_id);
    CREATE INDEX ON ${t('stat_enrollments')} (student_id, course_id);
    CREATE INDEX ON ${t('stat_enrollments')} (course_id, start_date);
    CREATE TABLE ${t('stat_ledger')} (
      organization_id uuid NOT NULL,
      month text NOT NULL,
      recorded_at timestamptz NOT NULL,
      course_id uuid,
      instructor_id uuid,
      lessons int NOT NULL,
      attendees int NOT NULL,
      enrolled int NOT NULL,
      charges bigint NOT NULL,
      collections bigint NOT NULL
    );
    CREATE INDEX ON ${t('stat_ledger')} (organization_id, month, recorded_at);
    CREATE TABLE ${t('stat_totals')} (
      organization_id uuid NOT NULL,
      metric text NOT NULL,
      month text NOT NULL,
      dim text NOT NULL,
      total bigint NOT NULL,
      PRIMARY KEY (organization_id, month, metric, dim)
    );
    CREATE TABLE ${t('stat_attendances')} (
      attendance_id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      course_id uuid NOT NULL,
      instructor_id uuid,
      at timestamptz NOT NULL,
      pos bigint NOT NULL,
      attendees int NOT NULL,
      enrolled int NOT NULL,
      students uuid[] NOT NULL,
      charges bigint[] NOT NULL
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
      course_id uuid NOT NULL,
      kind text NOT NULL,
      day date NOT NULL,
      recorded_at timestamptz NOT NULL,
      students uuid[] NOT NULL,
      deltas bigint[] NOT NULL
    );
    CREATE INDEX ON ${t('stat_debt')} (organization_id, recorded_at);
    CREATE TABLE ${t('stat_debt_accounts')} (
      organization_id uuid NOT NULL,
      student_id uuid NOT NULL,
      course_id uuid NOT NULL,
      credit bigint NOT NULL,
      has_debits boolean NOT NULL,
      days date[] NOT NULL,
      unpaid bigint[] NOT NULL,
      sums json NOT NULL,
      PRIMARY KEY (organization_id, student_id, course_id)
    ) WITH (fillfactor = 50);
    CREATE TABLE ${t('stat_orgs')} (
      organization_id uuid PRIMARY KEY,
      last_recorded timestamptz NOT NULL
    );
  `,
  handlers: Object.fromEntries(STATISTICS_TYPES.map((type) => [type, applyOne])) as {
    [K in StatisticsType]: (ctx: ProjectionContext, e: EventOf<K>) => Promise<void>;
  },
  // One function for every type: the runner makes a run of consecutive events with the same batch handler.
  batchHandlers: Object.fromEntries(STATISTICS_TYPES.map((type) => [type, applyMany])) as {
    [K in StatisticsType]: (ctx: ProjectionContext, es: EventOf<K>[]) => Promise<void>;
  },
});
