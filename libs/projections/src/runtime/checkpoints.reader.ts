import type { Sql } from './sql';

/** Where the named read models stand: their lowest applied position and their active generations. */
export interface ProjectionStamps {
  /** The lowest position every one of them has applied, or null before any checkpoint. */
  applied: string | null;
  /** `name@generation` of each, by name: a rebuild's swap changes it. */
  generations: string | null;
  /** `name@generation:position` of each, by name: any applied event changes it. */
  checkpoints: string | null;
  /**
   * Whether any of them has parked events of the organisation (its read model there is stale): an answer built
   * from it now would miss events, so it must be neither kept nor served from a keep.
   */
  parked: boolean;
}

export async function readProjectionStamps(
  sql: Sql,
  projections: readonly string[],
  organizationId: string,
): Promise<ProjectionStamps> {
  const r = await sql.query<ProjectionStamps>(
    `SELECT min(c.position)::text AS applied,
            string_agg(s.name || '@' || s.active_generation, ',' ORDER BY s.name) AS generations,
            string_agg(c.name || '@' || c.generation || ':' || c.position, ',' ORDER BY c.name) AS checkpoints,
            EXISTS (SELECT 1 FROM projection_parked k JOIN projection_state ks
                      ON ks.name = k.projection AND ks.active_generation = k.generation
                     WHERE k.organization_id = $2 AND k.projection = ANY($1::text[])) AS parked
       FROM projection_state s JOIN projection_checkpoints c ON c.name = s.name AND c.generation = s.active_generation
      WHERE s.name = ANY($1::text[])`,
    [projections, organizationId],
  );
  return r.rows[0] ?? { applied: null, generations: null, checkpoints: null, parked: false };
}
