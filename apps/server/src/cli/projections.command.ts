import { parseArgs } from 'node:util';
import type { Projection } from '@okul/projections';
import { formatTable, UsageError } from './format';
import { write, type CliContext } from './io';

export const STATUS_HELP = `Usage: npm run cli -- projections status [--json]

Shows each read model: name, code version, active generation, checkpoint position, lag behind the
event store's head, state, parked events, the rate of the rebuild that built it (events/s) with the share
of that rebuild spent waiting on the database (SQL%; the rest read events and ran the handlers) and the
error that stopped it (if any). Below the table, the parked events per projection and organisation.

States: running / idle (a process leads it and is behind / caught up), stopped (no process runs it),
rebuilding, failed (stopped by an older version of the runtime; rebuild it).

Parked events: an event a projection's handler cannot apply is parked with the error, and so is every later
event of the same organisation for that projection: that organisation's reads of it answer 503 (stale) while
every other organisation keeps projecting. Fix the code, deploy, then run \`projections retry\`.

Options:
  --json       One JSON array (positions and lags as strings)
  -h, --help   Show this help`;

export const REBUILD_HELP = `Usage: npm run cli -- projections rebuild <name>... | --all

Rebuilds read models from the whole event store into new tables, then switches readers to them in one
transaction. With PostgreSQL (DATABASE_URL) the server keeps answering and applying new events meanwhile;
with the embedded PGlite default, stop the server first. Progress goes to stderr, a summary to stdout.
Ctrl-C stops the rebuild and leaves the current tables in place.

Options:
  --all        Rebuild every projection
  -h, --help   Show this help`;

export const RETRY_HELP = `Usage: npm run cli -- projections retry [--projection <name>] [--org <id>]

Applies the parked events again, in order, per organisation (after the code that could not apply them was
fixed). An organisation whose parked events all apply is up to date again and its reads answer again; when
an event still fails, the events before it are applied and it stays parked with the new error.
With PostgreSQL (DATABASE_URL) the server keeps running; with the embedded PGlite default, stop it first.

Options:
  --projection <name>   Only this projection
  --org <id>            Only this organisation
  -h, --help            Show this help
Exit code 1 when some events are still parked.`;

export const PROJECTIONS_HELP = `Usage: npm run cli -- projections <status|rebuild|retry> [options]

Commands:
  status [--json]              State, position, lag and parked events of each read model
  rebuild <name>... | --all    Rebuild read models while the API keeps answering
  retry [--projection] [--org] Apply parked events again after a fix

Run a command with --help for its options.`;

export async function projectionsStatus(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: false,
  });
  if (values.help) {
    await write(ctx.stdout, `${STATUS_HELP}\n`);
    return 0;
  }
  const { parkedGroups, projectionStatuses } = await import('@okul/projections');
  const projections = await ctx.projections();
  const { db, store, close } = await ctx.open();
  try {
    const statuses = await projectionStatuses(db, store, projections);
    const parked = await parkedGroups(db);
    if (values.json) {
      const json = statuses.map((s) => ({ ...s, position: s.position.toString(), lag: s.lag.toString() }));
      await write(ctx.stdout, `${JSON.stringify(json, null, 2)}\n`);
      return 0;
    }
    const table = formatTable(
      [
        'NAME',
        'VERSION',
        'GENERATION',
        'POSITION',
        'LAG',
        'STATE',
        'PARKED',
        'REBUILD_EV/S',
        'SQL%',
        'ERROR',
      ],
      statuses.map((s) => [
        s.name,
        String(s.version),
        String(s.generation),
        s.position.toString(),
        s.lag.toString(),
        s.state,
        String(s.parked),
        s.rebuildEventsPerSecond === null ? '-' : String(s.rebuildEventsPerSecond),
        s.rebuildSqlPercent === null ? '-' : String(s.rebuildSqlPercent),
        s.error ?? '',
      ]),
    );
    await write(ctx.stdout, `${table}\n`);
    if (parked.length > 0) {
      const lines = formatTable(
        ['PROJECTION', 'ORGANIZATION', 'EVENTS', 'FIRST', 'TYPE', 'PARKED_AT', 'ERROR'],
        parked.map((g) => [
          g.projection,
          g.organizationId || '(none)',
          String(g.events),
          g.firstPosition.toString(),
          g.firstType,
          g.parkedAt,
          g.error,
        ]),
      );
      await write(
        ctx.stdout,
        `\nParked events (these organisations' read models are stale until \`projections retry\`):\n${lines}\n`,
      );
    }
    return 0;
  } finally {
    await close();
  }
}

function pick(names: string[], all: boolean, projections: Projection[]): Projection[] {
  if (all && names.length) throw new UsageError('Give projection names or --all, not both', REBUILD_HELP);
  if (all) return projections;
  if (!names.length) throw new UsageError('Which projection? Give its name or --all', REBUILD_HELP);
  const known = new Map(projections.map((p) => [p.name, p]));
  return names.map((n) => {
    const p = known.get(n);
    if (!p) {
      throw new UsageError(
        `Unknown projection: ${n} (known: ${[...known.keys()].join(', ') || 'none'})`,
        REBUILD_HELP,
      );
    }
    return p;
  });
}

export async function projectionsRebuild(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { all: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help) {
    await write(ctx.stdout, `${REBUILD_HELP}\n`);
    return 0;
  }
  const chosen = pick(positionals, values.all ?? false, await ctx.projections());
  const { rebuildProjection } = await import('@okul/projections');
  const { db, store, close } = await ctx.open();
  try {
    let totalEvents = 0;
    const startedAll = performance.now();
    for (const p of chosen) {
      const head = await store.headPosition();
      const started = performance.now();
      let lastPrint = 0;
      let lastText = '';
      const progress = (position: bigint, events: number, force = false) => {
        const now = performance.now();
        if (!force && now - lastPrint < (ctx.stderr.isTTY ? 200 : 1000)) return;
        const pct = head > 0n ? Math.min(100, Number((position * 100n) / head)) : 100;
        const text = `[${p.name}] ${events} events, position ${position}/${head} (${pct}%)`;
        if (text === lastText) return;
        lastPrint = now;
        lastText = text;
        ctx.stderr.write(ctx.stderr.isTTY ? `\r${text}\x1b[K` : `${text}\n`);
      };
      ctx.stderr.write(`[${p.name}] rebuilding from ${head} events in the store...\n`);
      const result = await rebuildProjection(db, store, p, (pos, n) => progress(pos, n), {
        signal: ctx.signal,
      });
      progress(result.position, result.events, true);
      if (ctx.stderr.isTTY) ctx.stderr.write('\n');
      const seconds = (performance.now() - started) / 1000;
      totalEvents += result.events;
      await write(
        ctx.stdout,
        `${summary(p.name, result.events, seconds)}, generation ${result.generation}\n`,
      );
    }
    if (chosen.length > 1) {
      await write(ctx.stdout, `${summary('total', totalEvents, (performance.now() - startedAll) / 1000)}\n`);
    }
    return 0;
  } finally {
    await close();
  }
}

function summary(name: string, events: number, seconds: number): string {
  const rate = seconds > 0 ? Math.round(events / seconds) : events;
  return `${name}: ${events} events in ${seconds.toFixed(2)} s (${rate} events/s)`;
}

export async function projectionsRetry(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      projection: { type: 'string' },
      org: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: false,
  });
  if (values.help) {
    await write(ctx.stdout, `${RETRY_HELP}\n`);
    return 0;
  }
  const projections = await ctx.projections();
  if (values.projection && !projections.some((p) => p.name === values.projection)) {
    throw new UsageError(
      `Unknown projection: ${values.projection} (known: ${projections.map((p) => p.name).join(', ')})`,
      RETRY_HELP,
    );
  }
  const { retryParked } = await import('@okul/projections');
  const { db, close } = await ctx.open();
  try {
    const results = await retryParked(db, projections, {
      projection: values.projection,
      organizationId: values.org,
    });
    if (results.length === 0) {
      await write(ctx.stdout, 'No parked events.\n');
      return 0;
    }
    for (const r of results) {
      const org = r.organizationId || '(none)';
      await write(
        ctx.stdout,
        r.remaining === 0
          ? `${r.projection} ${org}: ${r.applied} events applied, up to date\n`
          : `${r.projection} ${org}: ${r.applied} events applied, ${r.remaining} still parked: ${r.error}\n`,
      );
    }
    return results.some((r) => r.remaining > 0) ? 1 : 0;
  } finally {
    await close();
  }
}
