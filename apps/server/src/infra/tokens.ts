/** Dependency-injection tokens (no decorator metadata here: every constructor parameter names its token). */
export const CONFIG = Symbol('CONFIG');
export const DB = Symbol('DB');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const PROJECTIONS = Symbol('PROJECTIONS');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
export const PERSISTENCE = Symbol('PERSISTENCE');
/**
 * The owner's pool, for the few reads that legitimately cross organisations (a user's own memberships and
 * inbox in every organisation, the developer's list of organisations, a checkout by its id). Each use says
 * why; everything else reads through DB, under row-level security.
 */
export const CROSS_ORG_DB = Symbol('CROSS_ORG_DB');
/** The event store read by the owner: for a worker whose job names a stream but not its organisation. */
export const CROSS_ORG_EVENT_STORE = Symbol('CROSS_ORG_EVENT_STORE');
