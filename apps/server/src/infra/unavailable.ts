/**
 * Whether an error says "PostgreSQL or Redis cannot be reached right now" (a restart, a lost connection, no
 * free connection in time) rather than "this request is wrong" or "our code is wrong". Such a request
 * answers 503 with a Turkish message and may be retried; the server itself keeps running and reconnects.
 */
export function isUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 5) return false;
  const err = e as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof err.code === 'string' ? err.code : '';
  // PostgreSQL: connection exceptions (08), operator intervention (57P01 terminated, 57P02 crash shutdown,
  // 57P03 starting up), too many connections (53300).
  if (/^(08...|57P0[1-3]|53300)$/.test(code)) return true;
  // Node sockets: the server is down, restarting or unreachable.
  if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/.test(code))
    return true;
  const name = typeof err.name === 'string' ? err.name : '';
  if (name === 'MaxRetriesPerRequestError') return true; // ioredis gave up while Redis is away
  const msg = typeof err.message === 'string' ? err.message : '';
  if (
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Connection is closed\.|Stream isn't writeable and enableOfflineQueue options is false)/.test(
      msg,
    ) ||
    /the database system is (starting up|shutting down|in recovery mode)|is not currently accepting connections/.test(
      msg,
    )
  )
    return true;
  if (Array.isArray(err.errors) && err.errors.some((x) => isUnavailable(x, depth + 1))) return true;
  return isUnavailable(err.cause, depth + 1);
}
