import type { EventOf } from '@okul/domain';
import { attendanceStream, paymentStream, studentStream } from '@okul/domain';
import { defineProjection, type BatchHandler } from '../runtime/projection';
import { byColumn } from '../runtime/columns';
import type { Sql } from '../runtime/sql';

type Listed = EventOf<'EnrollmentAdded' | 'PaymentAdded' | 'AttendanceAdded' | 'AttendanceEdited'>;

/** The rows an event lists, as its handler inserts them. */
function rowsOf(e: Listed) {
  switch (e.type) {
    case 'EnrollmentAdded': {
      const d = e.data;
      const stream = studentStream(d.studentId);
      return [{ o: d.organizationId, s: d.studentId, k: 'enrollment', r: d.enrollmentId, st: stream }];
    }
    case 'PaymentAdded': {
      const d = e.data;
      return [
        { o: d.organizationId, s: d.studentId, k: 'payment', r: d.paymentId, st: paymentStream(d.paymentId) },
      ];
    }
    case 'AttendanceAdded':
    case 'AttendanceEdited': {
      const d = e.data;
      const stream = attendanceStream(d.attendanceId);
      return d.attendants.map((s) => ({
        o: d.organizationId,
        s,
        k: 'attendance',
        r: d.attendanceId,
        st: stream,
      }));
    }
  }
}

/**
 * A run of any of its events in at most two multi-row inserts. Every handler only inserts rows it keeps (ON
 * CONFLICT DO NOTHING), so the first row of a key wins, as event by event: later rows of a key in the run are
 * left out here. The rows of an added record are new (its id is), so they are inserted without the conflict
 * check, which cost a fifth of the insert; one that exists after all fails the run, and the runner then
 * applies it event by event. An edited attendance's rows mostly exist already and keep the check.
 */
const listRun: BatchHandler<Listed['type']> = async ({ sql, table }, events) => {
  const seen = new Set<string>();
  // The rows of one event share all but the student: sent once with the students (`s`) as a list, and made
  // one per student by Postgres (an attendance's rows were most of the JSON).
  type Rows = Omit<ReturnType<typeof rowsOf>[number], 's'> & { s: string[] };
  const added: Rows[] = [];
  const edited: Rows[] = [];
  for (const e of events) {
    let rows: Rows | null = null;
    for (const row of rowsOf(e as Listed)) {
      const key = `${row.s.toLowerCase()} ${row.k} ${row.r.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (rows) rows.s.push(row.s);
      else {
        rows = { ...row, s: [row.s] };
        (e.type === 'AttendanceEdited' ? edited : added).push(rows);
      }
    }
  }
  const insert = async (rows: Rows[], conflict: string) => {
    // The students flat, each row its slice: a literal per row cost Node more than the rest of the rows.
    const x = byColumn(1, 'o uuid, s uuid[], k text, r uuid, st text', rows, { flatArrays: true });
    await sql.query(
      `INSERT INTO ${table('history_streams')} (organization_id, student_id, kind, record_id, stream_id)
       SELECT x.o, s.s, x.k, x.r, x.st FROM ${x.from}
        CROSS JOIN LATERAL unnest(x.s) WITH ORDINALITY AS s(s, n) ORDER BY x.ord, s.n ${conflict}`,
      x.params,
    );
  };
  if (added.length > 0) await insert(added, '');
  if (edited.length > 0) await insert(edited, 'ON CONFLICT DO NOTHING');
};

/**
 * Which event streams make up a student's past, for the auditors' history (libs/domain/src/history): the
 * versions themselves are folded from the events, this only says where to read them. A row is kept once
 * written, so a payment permanently deleted or a student taken off an attendance still counts for the
 * balance as it stood before: `history_streams` lists every stream that ever concerned the student, and
 * where an enrolment lives (its student's stream).
 */
export const historyProjection = defineProjection({
  name: 'history',
  // 2: only enrolments are looked up by record (the index leaves out the many attendance and payment rows)
  version: 2,
  tables: ['history_streams'],
  schema: (t) => `
    CREATE TABLE ${t('history_streams')} (
      organization_id uuid NOT NULL,
      student_id uuid NOT NULL,
      kind text NOT NULL,
      record_id uuid NOT NULL,
      stream_id text NOT NULL,
      PRIMARY KEY (student_id, kind, record_id)
    );
    -- readEnrollmentStream: where an enrolment lives; the others are read by student (the primary key).
    CREATE INDEX ON ${t('history_streams')} (organization_id, record_id) WHERE kind = 'enrollment';
  `,
  handlers: {
    EnrollmentAdded: async ({ sql, table }, e: EventOf<'EnrollmentAdded'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('history_streams')} (organization_id, student_id, kind, record_id, stream_id)
         VALUES ($1, $2, 'enrollment', $3, $4) ON CONFLICT DO NOTHING`,
        [d.organizationId, d.studentId, d.enrollmentId, studentStream(d.studentId)],
      );
    },
    PaymentAdded: async ({ sql, table }, e: EventOf<'PaymentAdded'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('history_streams')} (organization_id, student_id, kind, record_id, stream_id)
         VALUES ($1, $2, 'payment', $3, $4) ON CONFLICT DO NOTHING`,
        [d.organizationId, d.studentId, d.paymentId, paymentStream(d.paymentId)],
      );
    },
    AttendanceAdded: async ({ sql, table }, e: EventOf<'AttendanceAdded'>) => {
      await addAttendants(sql, table, e.data);
    },
    AttendanceEdited: async ({ sql, table }, e: EventOf<'AttendanceEdited'>) => {
      await addAttendants(sql, table, e.data);
    },
  },
  batchHandlers: {
    EnrollmentAdded: listRun,
    PaymentAdded: listRun,
    AttendanceAdded: listRun,
    AttendanceEdited: listRun,
  },
});

async function addAttendants(
  sql: Sql,
  table: (name: string) => string,
  d: { organizationId: string; attendanceId: string; attendants: string[] },
) {
  await sql.query(
    `INSERT INTO ${table('history_streams')} (organization_id, student_id, kind, record_id, stream_id)
     SELECT $1, s.id, 'attendance', $2, $3 FROM unnest($4::uuid[]) AS s(id) ON CONFLICT DO NOTHING`,
    [d.organizationId, d.attendanceId, attendanceStream(d.attendanceId), d.attendants],
  );
}
