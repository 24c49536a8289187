import {
  INSTRUCTOR_TYPE_ID,
  wageEarnedTotal,
  wagesOwed,
  type EmployeeTypeId,
  type WagesOwed,
  type LinkedUserCheck,
  type WagePeriod,
  type EmployeeView,
  type PublicInstructor,
  type WagesOwedWithPeriods,
} from '@okul/domain';
import type { Sql } from '../runtime/sql';

interface EmployeeRow {
  id: string;
  organization_id: string;
  name: string;
  surname: string;
  user_id: string | null;
  employee_type_id: EmployeeTypeId;
  phone: string | null;
  notes: string | null;
  cv: string | null;
  branches: string[];
  avatar: string | null;
  safe_name: string;
  wages: WagePeriod[];
  deleted_at: Date | null;
  created_at: Date;
  created_by: string | null;
  edited_at: Date | null;
  edited_by: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

// the answer shapes are the domain's, shared with the client
export type { EmployeeView, PublicInstructor, WagesOwedWithPeriods } from '@okul/domain';

/** Wages owed of one employee at a moment (kuruş): earned from wage periods, paid by wage entries. */
export type { WagesOwed };

function toView(r: EmployeeRow): EmployeeView {
  return {
    id: r.id,
    organizationId: r.organization_id,
    name: r.name,
    surname: r.surname,
    userId: r.user_id,
    employeeTypeId: r.employee_type_id,
    employeeType: r.employee_type_id === INSTRUCTOR_TYPE_ID ? 'instructor' : null,
    phone: r.phone,
    notes: r.notes,
    cv: r.cv,
    branches: r.branches,
    avatar: r.avatar,
    safeName: r.safe_name,
    wages: r.wages,
    deletedAt: iso(r.deleted_at),
    createdAt: iso(r.created_at),
    createdBy: r.created_by,
    editedAt: iso(r.edited_at),
    editedBy: r.edited_by,
  };
}

/**
 * The employees of an organisation, deleted ones included (deletedAt set), by name in Turkish order;
 * `instructorsOnly` for getInstructors.
 */
export async function readEmployees(
  sql: Sql,
  organizationId: string,
  opts: { instructorsOnly?: boolean } = {},
): Promise<EmployeeView[]> {
  const r = await sql.query<EmployeeRow>(
    `SELECT * FROM employees WHERE organization_id = $1 ${opts.instructorsOnly ? `AND employee_type_id = ${INSTRUCTOR_TYPE_ID}` : ''}
      ORDER BY name COLLATE "C", surname COLLATE "C", id`,
    [organizationId],
  );
  const views = r.rows.map(toView);
  const collator = new Intl.Collator('tr');
  return views.sort((a, b) => collator.compare(`${a.name} ${a.surname}`, `${b.name} ${b.surname}`));
}

/** The instructors a signed-out visitor sees: active ones, public fields only. */
export async function readPublicInstructors(sql: Sql, organizationId: string): Promise<PublicInstructor[]> {
  const all = await readEmployees(sql, organizationId, { instructorsOnly: true });
  return all
    .filter((i) => i.deletedAt === null)
    .map(({ id, name, surname, branches, cv, avatar, safeName }) => ({
      id,
      name,
      surname,
      branches,
      cv,
      avatar,
      safeName,
    }));
}

/** Whether `id` is an active (not deleted) instructor of this organisation: attendance takes only those. */
export async function isActiveInstructor(sql: Sql, organizationId: string, id: string): Promise<boolean> {
  const r = await sql.query(
    `SELECT 1 FROM employees WHERE organization_id = $1 AND id = $2 AND employee_type_id = ${INSTRUCTOR_TYPE_ID}
        AND deleted_at IS NULL`,
    [organizationId, id],
  );
  return r.rows.length > 0;
}

/** An instructor of this organisation linked to the signed-in user: "their" lessons are this instructor's. */
export interface LinkedInstructor {
  id: string;
  name: string;
  surname: string;
}

/**
 * The active instructors of this organisation linked to `userId` (docs/DECISIONS.md, my lessons). The
 * employee rules keep a user on one live employee, so this is at most one; a list keeps the reads honest if
 * that ever changes.
 */
export async function readInstructorsOfUser(
  sql: Sql,
  organizationId: string,
  userId: string,
): Promise<LinkedInstructor[]> {
  const r = await sql.query<LinkedInstructor>(
    `SELECT id, name, surname FROM employees
      WHERE organization_id = $1 AND user_id = $2 AND employee_type_id = ${INSTRUCTOR_TYPE_ID} AND deleted_at IS NULL
      ORDER BY name COLLATE "C", surname COLLATE "C", id`,
    [organizationId, userId],
  );
  return r.rows;
}

/**
 * What the employee rules need to link `userId` (employees/decider.ts LinkedUserCheck): a member of this
 * organisation, and the name of another live employee already linked to that user.
 */
export async function readLinkedUserCheck(
  sql: Sql,
  organizationId: string,
  userId: string,
  exceptEmployeeId: string,
): Promise<LinkedUserCheck> {
  const [member, linked] = await Promise.all([
    sql.query(`SELECT 1 FROM org_members WHERE organization_id = $1 AND user_id = $2 AND is_active`, [
      organizationId,
      userId,
    ]),
    sql.query<{ name: string }>(
      `SELECT name || ' ' || surname AS name FROM employees
        WHERE organization_id = $1 AND user_id = $2 AND id <> $3 AND deleted_at IS NULL LIMIT 1`,
      [organizationId, userId, exceptEmployeeId],
    ),
  ]);
  return { isMember: member.rows.length > 0, linkedToOther: linked.rows[0]?.name ?? null };
}

/**
 * Wages owed at `now` per employee (docs/DECISIONS.md, people): periodic wages counted from their terms,
 * per_class wages as the count of lessons the instructor taught in each period (SQL) times the amount, and
 * what wage entries paid. Exact in kuruş (wages.unit.spec.ts: equal to the listed earnings).
 */
export async function readWagesOwed(
  sql: Sql,
  organizationId: string,
  employees: ReadonlyArray<Pick<EmployeeView, 'id' | 'wages'>>,
  now: string,
): Promise<Map<string, WagesOwedWithPeriods>> {
  const perClass = employees.flatMap((e) =>
    e.wages.map((w, i) => ({ e: e.id, i, w })).filter((x) => x.w.type === 'per_class'),
  );
  const [counts, paid] = await Promise.all([
    perClass.length === 0
      ? Promise.resolve({ rows: [] as Array<{ e: string; i: number; n: string }> })
      : sql.query<{ e: string; i: number; n: string }>(
          `SELECT w.e, w.i, count(l.attendance_id)::text AS n
             FROM unnest($2::uuid[], $3::int[], $4::timestamptz[], $5::timestamptz[]) AS w(e, i, s, u)
             LEFT JOIN wage_lessons l ON l.organization_id = $1 AND l.instructor_id = w.e
                   AND l.at >= w.s AND l.at < w.u AND l.at <= $6::timestamptz
            GROUP BY w.e, w.i`,
          [
            organizationId,
            perClass.map((x) => x.e),
            perClass.map((x) => x.i),
            perClass.map((x) => x.w.startDate),
            perClass.map((x) => x.w.endDate ?? 'infinity'),
            now,
          ],
        ),
    sql.query<{ employee_id: string; paid: string }>(
      `SELECT employee_id, sum(amount)::text AS paid FROM wage_payments
        WHERE organization_id = $1 AND employee_id = ANY($2::uuid[]) AND at <= $3::timestamptz GROUP BY employee_id`,
      [organizationId, employees.map((e) => e.id), now],
    ),
  ]);
  const lessons = new Map(counts.rows.map((r) => [`${r.e}:${r.i}`, Number(r.n)]));
  const paidBy = new Map(paid.rows.map((r) => [r.employee_id, Number(r.paid)]));
  const out = new Map<string, WagesOwedWithPeriods>();
  for (const e of employees) {
    const lessonCount = (w: WagePeriod) => lessons.get(`${e.id}:${e.wages.indexOf(w)}`) ?? 0;
    const earned = wageEarnedTotal(e.wages, lessonCount, now);
    // product.md 4 Wage period: the page shows each period with what it earned so far.
    const earnedByWage = e.wages.map((w) => wageEarnedTotal([w], lessonCount, now));
    out.set(e.id, { ...wagesOwed(earned, paidBy.get(e.id) ?? 0), earnedByWage });
  }
  return out;
}

/** The ids among `courseIds` that are not courses of this organisation (an instructor's branches). */
export async function unknownCourseIds(
  sql: Sql,
  organizationId: string,
  courseIds: string[],
): Promise<string[]> {
  if (courseIds.length === 0) return [];
  const r = await sql.query<{ id: string }>(
    `SELECT id FROM courses WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
    [organizationId, courseIds],
  );
  const known = new Set(r.rows.map((x) => x.id));
  return courseIds.filter((id) => !known.has(id));
}
