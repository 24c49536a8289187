import type { StoredEvent } from '@okul/domain';
import type { BatchHandler, ProjectionHandler } from '../runtime/projection';
import { defineProjection } from '../runtime/projection';
import { byColumn } from '../runtime/columns';
import { auditMapperFor } from './audit-actions';

type Sql = Parameters<ProjectionHandler>[0]['sql'];
type Table = Parameters<ProjectionHandler>[0]['table'];
type Row = { e: StoredEvent; mapped: { action: string; details: Record<string, unknown> } };

/** The log actions that say what a student or course is called from then on (their details' `name`). */
const NAMING: Record<string, { kind: 'student' | 'course'; idKey: string }> = {
  register_student: { kind: 'student', idKey: 'studentDbId' },
  edit_student: { kind: 'student', idKey: 'studentDbId' },
  add_course: { kind: 'course', idKey: 'courseId' },
  edit_course: { kind: 'course', idKey: 'courseId' },
};
const NAMED: Array<{ kind: 'student' | 'course'; idKey: string; nameKey: string }> = [
  { kind: 'student', idKey: 'studentDbId', nameKey: 'studentName' },
  { kind: 'course', idKey: 'courseId', nameKey: 'courseName' },
];

/**
 * İşlem Dökümü names the student and the course of an entry as they were called when it happened (a later
 * rename does not rewrite the past): the projection keeps the names it has seen, in event order, and writes
 * them into each entry's details. Entries whose details already carry the name are left as they are.
 */
async function withNames(sql: Sql, table: Table, rows: Row[]): Promise<void> {
  // The names known per organisation, keyed `<kind> <id>`: short keys, and one map per organisation (a run
  // is nearly always one organisation's), since this runs for every entry of a catch-up.
  const names = new Map<string, Map<string, string>>();
  const wanted: Array<{ o: string; kind: string; id: string }> = [];
  const seen = new Set<string>();
  for (const { e, mapped } of rows) {
    const org = e.metadata.organizationId;
    if (!org) continue;
    for (const n of NAMED) {
      const id = mapped.details[n.idKey];
      if (typeof id !== 'string') continue;
      const k = `${org} ${n.kind} ${id}`;
      if (seen.has(k)) continue;
      seen.add(k);
      wanted.push({ o: org, kind: n.kind, id });
    }
  }
  if (wanted.length === 0) return;
  const asked = byColumn(1, 'o text, kind text, id text', wanted);
  // One row of JSON back, whatever the number of names (no row objects to build in Node).
  const known = await sql.query<{ names: string }>(
    `SELECT coalesce(json_agg(json_build_array(n.organization_id, n.kind, n.id, n.name)), '[]')::text AS names
       FROM ${table('audit_names')} n
       JOIN ${asked.from} ON n.organization_id = x.o AND n.kind = x.kind AND n.id = x.id`,
    asked.params,
  );
  const namesOf = (org: string) => {
    let m = names.get(org);
    if (!m) names.set(org, (m = new Map()));
    return m;
  };
  for (const [org, kind, id, name] of JSON.parse(known.rows[0].names) as string[][])
    namesOf(org).set(`${kind} ${id}`, name);
  const changed = new Map<string, [string, string, string, string]>();
  for (const { e, mapped } of rows) {
    const org = e.metadata.organizationId;
    if (!org) continue;
    const naming = NAMING[mapped.action];
    const id = naming && mapped.details[naming.idKey];
    if (naming && typeof id === 'string' && typeof mapped.details.name === 'string' && mapped.details.name) {
      namesOf(org).set(`${naming.kind} ${id}`, mapped.details.name);
      changed.set(`${org} ${naming.kind} ${id}`, [org, naming.kind, id, mapped.details.name]);
      continue;
    }
    const orgNames = names.get(org);
    if (!orgNames) continue;
    for (const n of NAMED) {
      const ref = mapped.details[n.idKey];
      const name = typeof ref === 'string' ? orgNames.get(`${n.kind} ${ref}`) : undefined;
      if (name !== undefined && mapped.details[n.nameKey] === undefined) mapped.details[n.nameKey] = name;
    }
  }
  if (changed.size === 0) return;
  const up = [...changed.values()];
  await sql.query(
    `INSERT INTO ${table('audit_names')} (organization_id, kind, id, name)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT (organization_id, kind, id) DO UPDATE SET name = EXCLUDED.name`,
    [up.map((u) => u[0]), up.map((u) => u[1]), up.map((u) => u[2]), up.map((u) => u[3])],
  );
}

/**
 * KVKK erasure: the names the log kept of the student (its own entries' `name`, the `studentName` written
 * into other entries, the remembered name) become the erased name, as a rebuild from the shredded events
 * writes them.
 */
async function eraseNames(sql: Sql, table: Table, rows: Row[]): Promise<void> {
  for (const { e, mapped } of rows) {
    if (e.type !== 'StudentPersonalDataErased' || !e.metadata.organizationId) continue;
    const org = e.metadata.organizationId;
    const id = mapped.details.studentDbId;
    const name = mapped.details.studentName;
    await sql.query(
      `UPDATE ${table('audit_names')} SET name = $3 WHERE organization_id = $1 AND kind = 'student' AND id = $2`,
      [org, id, name],
    );
    // `name` is the student's own in the entries that name the student (NAMING); elsewhere it may be another's.
    await sql.query(
      `UPDATE ${table('audit_log')} SET details = details || jsonb_build_object('name', $3::text)
        WHERE organization_id = $1 AND details->>'studentDbId' = $2 AND details ? 'name' AND action = ANY($4::text[])`,
      [org, id, name, Object.keys(NAMING).filter((a) => NAMING[a].kind === 'student')],
    );
    await sql.query(
      `UPDATE ${table('audit_log')} SET details = details || jsonb_build_object('studentName', $3::text)
        WHERE organization_id = $1 AND details->>'studentDbId' = $2 AND details ? 'studentName'`,
      [org, id, name],
    );
  }
}

/**
 * The audit log (İşlem Dökümü) is a projection of the events themselves: every stored fact that a user
 * caused becomes one log entry with the caller's ip and user agent from the event metadata.
 * The entry id is the event's global position, so paging "by the last item's id" is a position cursor.
 */
const handler: ProjectionHandler = async ({ sql, table }, e) => {
  const mapped = auditMapperFor(e.type)?.(e);
  if (!mapped) return;
  await withNames(sql, table, [{ e, mapped }]);
  await sql.query(
    `INSERT INTO ${table('audit_log')} (id, organization_id, user_id, action, details, ip_address, user_agent, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8) ON CONFLICT (organization_id, id) DO NOTHING`,
    [
      e.globalPosition.toString(),
      e.metadata.organizationId,
      e.metadata.userId,
      mapped.action,
      JSON.stringify(mapped.details),
      e.metadata.ipAddress,
      e.metadata.userAgent,
      e.metadata.occurredAt,
    ],
  );
  await eraseNames(sql, table, [{ e, mapped }]);
};

/**
 * A run of events as one multi-row insert: the entries are independent, one per event. The rows go column by
 * column (`byColumn`: read in SQL without json_to_recordset's work per row).
 */
const ENTRY_COLUMNS =
  'id bigint, organization_id text, user_id text, action text, details jsonb, ip_address text, user_agent text, created_at timestamptz';
const batchHandler: BatchHandler = async ({ sql, table }, events) => {
  const rows = events.flatMap((e) => {
    const mapped = auditMapperFor(e.type)?.(e);
    return mapped ? [{ e, mapped }] : [];
  });
  if (rows.length === 0) return;
  await withNames(sql, table, rows);
  const entries = byColumn(
    1,
    ENTRY_COLUMNS,
    rows.map((r) => ({
      id: r.e.globalPosition.toString(),
      organization_id: r.e.metadata.organizationId,
      user_id: r.e.metadata.userId,
      action: r.mapped.action,
      details: r.mapped.details,
      ip_address: r.e.metadata.ipAddress,
      user_agent: r.e.metadata.userAgent,
      created_at: r.e.metadata.occurredAt,
    })),
  );
  await sql.query(
    `INSERT INTO ${table('audit_log')} (id, organization_id, user_id, action, details, ip_address, user_agent, created_at)
     SELECT id, organization_id, user_id, action, details, ip_address, user_agent, created_at
       FROM ${entries.from}
     ON CONFLICT (organization_id, id) DO NOTHING`,
    entries.params,
  );
  await eraseNames(sql, table, rows);
};

export const auditLogProjection = defineProjection({
  name: 'audit_log',
  // 2: entries name the student and the course (audit_names)
  // 3: no primary key of its own; the organisation's index keeps the ids unique
  version: 3,
  tables: ['audit_log', 'audit_names'],
  schema: (t) => `
    CREATE TABLE ${t('audit_log')} (
      id bigint NOT NULL,
      organization_id text,
      user_id text,
      action text NOT NULL,
      details jsonb NOT NULL,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL
    );
    -- The id is its event's position, unique by itself. The index the organisation's pages read keeps it unique
    -- (nulls not distinct: the entries of no organisation too), so an entry writes two indexes, not three.
    CREATE UNIQUE INDEX ON ${t('audit_log')} (organization_id, id DESC) NULLS NOT DISTINCT;
    CREATE INDEX ON ${t('audit_log')} (organization_id, action, id DESC);
    CREATE TABLE ${t('audit_names')} (
      organization_id text NOT NULL,
      kind text NOT NULL,
      id text NOT NULL,
      name text NOT NULL,
      PRIMARY KEY (organization_id, kind, id)
    );
  `,
  // Handlers are looked up per event type; the audit log listens to every type it can map.
  handlers: new Proxy({} as Record<string, ProjectionHandler>, {
    get: (_t, type: string) => (auditMapperFor(type) ? handler : undefined),
  }),
  // One batch handler for every type: a whole batch of mapped events is one run.
  batchHandlers: new Proxy({} as Record<string, BatchHandler>, {
    get: (_t, type: string) => (auditMapperFor(type) ? batchHandler : undefined),
  }),
});
