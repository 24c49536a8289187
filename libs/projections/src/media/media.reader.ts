import { INSTRUCTOR_TYPE_ID, LOGO_KEYS, LOGO_TYPES, type MediaTarget } from '@okul/domain';
import type { Sql } from '../runtime/sql';

/**
 * Whether the record an image belongs to is one of this organisation's (api.md 8.4: else "Medya
 * yüklenemedi"). Deleted records keep their images; logos belong to the organisation itself.
 */
export async function mediaTargetExists(
  sql: Sql,
  organizationId: string,
  target: MediaTarget,
): Promise<boolean> {
  switch (target.kind) {
    case 'logo':
      return true;
    case 'course': {
      const r = await sql.query(`SELECT 1 FROM courses WHERE organization_id = $1 AND id = $2`, [
        organizationId,
        target.id,
      ]);
      return r.rows.length > 0;
    }
    case 'instructor':
    case 'employee': {
      const r = await sql.query(
        `SELECT 1 FROM employees WHERE organization_id = $1 AND id = $2
            ${target.kind === 'instructor' ? `AND employee_type_id = ${INSTRUCTOR_TYPE_ID}` : ''}`,
        [organizationId, target.id],
      );
      return r.rows.length > 0;
    }
    default: {
      const _exhaustive: never = target;
      return _exhaustive;
    }
  }
}

export type OrganizationLogos = Partial<Record<(typeof LOGO_KEYS)[keyof typeof LOGO_KEYS], string>>;

/** The organisation's logo URLs (versioned), public: the login page with ?org= shows them (product.md 2). */
export async function readOrganizationLogos(sql: Sql, organizationId: string): Promise<OrganizationLogos> {
  const r = await sql.query<{ logos: Record<string, unknown> | null }>(
    `SELECT logos FROM organizations WHERE id = $1`,
    [organizationId],
  );
  const logos = r.rows[0]?.logos ?? {};
  const out: OrganizationLogos = {};
  for (const t of LOGO_TYPES) {
    const v = logos[LOGO_KEYS[t]];
    if (typeof v === 'string') out[LOGO_KEYS[t]] = v;
  }
  return out;
}
