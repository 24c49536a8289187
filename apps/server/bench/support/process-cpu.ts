import { readFile } from 'node:fs/promises';
import pg from 'pg';

/** CPU time (ms) of processes so far, from /proc/<pid>/stat (utime + stime, in ticks of 10 ms on Linux). */
export async function cpuMs(pids: readonly number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/** The server process and its database sessions (the API's and the projections' pools). */
export async function serverPids(url: string, server: number) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'okul%'`,
    );
    return { server, postgres: r.rows.map((x) => x.pid) };
  } finally {
    await c.end();
  }
}

/**
 * The same, split into user time (the process's own code: JavaScript, V8, libuv) and system time (the kernel
 * working for it, e.g. copying an answer's bytes into the socket), in ms.
 */
export async function cpuSplitMs(pids: readonly number[]): Promise<{ user: number; system: number }> {
  let user = 0;
  let system = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    user += Number(fields[11]);
    system += Number(fields[12]);
  }
  return { user: user * 10, system: system * 10 };
}
