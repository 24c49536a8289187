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

/** Where the named read models stand for the organisation (one query; `stampsOf` a snapshot already read). */
export async function readProjectionStamps(
  sql: Sql,
  projections: readonly string[],
  organizationId: string,
): Promise<ProjectionStamps> {
  return stampsOf(await readProjectionCheckpoints(sql, organizationId), projections);
}

/** Where one read model stands, as one organisation's reads see it. */
export interface ProjectionCheckpoint {
  name: string;
  /** Its active generation (a rebuild's swap changes it). */
  generation: string;
  /** The position it has applied in that generation; null before its first checkpoint. */
  position: string | null;
  /** Whether it has parked events of the organisation in that generation (its read model there is stale). */
  parked: boolean;
}

/**
 * Every read model's checkpoint in one snapshot (a row each, a few dozen): what the guard's kept rows and the
 * read cache's kept answers of one organisation are checked against, read by one query for both.
 * `stampsOf` answers from it what `readProjectionStamps` answers for some of them.
 */
export async function readProjectionCheckpoints(
  sql: Sql,
  organizationId: string,
): Promise<ProjectionCheckpoint[]> {
  const r = await sql.query<ProjectionCheckpoint>(
    `SELECT s.name, s.active_generation::text AS generation, c.position::text AS position,
            EXISTS (SELECT 1 FROM projection_parked k
                     WHERE k.organization_id = $1 AND k.projection = s.name
                       AND k.generation = s.active_generation) AS parked
       FROM projection_state s
       LEFT JOIN projection_checkpoints c ON c.name = s.name AND c.generation = s.active_generation`,
    [organizationId],
  );
  return r.rows;
}

/**
 * What `readProjectionStamps` answers for these read models, from a snapshot of `readProjectionCheckpoints`:
 * the lowest applied position and the generations and checkpoints of those with a checkpoint (by name), and
 * whether any of them has parked events of the organisation.
 */
export function stampsOf(
  checkpoints: readonly ProjectionCheckpoint[],
  projections: readonly string[],
): ProjectionStamps {
  const named = checkpoints.filter((c) => projections.includes(c.name));
  const applied = named
    .filter((c) => c.position !== null)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  let lowest: bigint | null = null;
  for (const c of applied) {
    const p = BigInt(c.position!);
    if (lowest === null || p < lowest) lowest = p;
  }
  return {
    applied: lowest === null ? null : String(lowest),
    generations: applied.length > 0 ? applied.map((c) => `${c.name}@${c.generation}`).join(',') : null,
    checkpoints:
      applied.length > 0 ? applied.map((c) => `${c.name}@${c.generation}:${c.position}`).join(',') : null,
    parked: named.some((c) => c.parked),
  };
}
