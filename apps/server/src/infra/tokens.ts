/** Dependency-injection tokens (no decorator metadata here: every constructor parameter names its token). */
export const CONFIG = Symbol('CONFIG');
export const DB = Symbol('DB');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const PROJECTIONS = Symbol('PROJECTIONS');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
export const PERSISTENCE = Symbol('PERSISTENCE');
