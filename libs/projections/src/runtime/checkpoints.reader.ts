import type { Sql } from './sql';

/** Where the named read models stand: their lowest applied position and their active generations. */
export interface ProjectionStamps {
  /** The lowest position every one of them has applied, or null before any checkpoint. */
  applied: string | null;
  /** `name@generation` of each, by name: a rebuild's swap changes it. */
  generations: string | null;
  /** `name@generation:position` of each, by name: any applied event changes it. */
  checkpoints: string | null;
}

export async function readProjectionStamps(
  sql: Sql,
  projections: readonly string[],
): Promise<ProjectionStamps> {
  const r = await sql.query<ProjectionStamps>(
    `SELECT min(c.position)::text AS applied,
            string_agg(s.name || '@' || s.active_generation, ',' ORDER BY s.name) AS generations,
            string_agg(c.name || '@' || c.generation || ':' || c.position, ',' ORDER BY c.name) AS checkpoints
       FROM projection_state s JOIN projection_checkpoints c ON c.name = s.name AND c.generation = s.active_generation
      WHERE s.name = ANY($1::text[])`,
    [projections],
  );
  return r.rows[0] ?? { applied: null, generations: null, checkpoints: null };
}
