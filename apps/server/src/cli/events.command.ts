import { parseArgs } from 'node:util';
import type { EventStore, StoredEvent } from '@okul/domain';
import {
  checkTimeZone,
  DEFAULT_TIME_ZONE,
  exportLine,
  formatReplayLine,
  inRange,
  parseBound,
  UsageError,
  type Bound,
} from './format';
import { write, type CliContext } from './io';
import { ensureChainTables, verifyChain } from '../event-store/event-chain';

const RANGE_HELP = `  --org <id>               The organisation (required)
  --from <position|date>   Start here (inclusive): a global position, or an ISO date / date-time
  --to <position|date>     Stop before this (exclusive), same forms
  --tz <zone>              Time zone of the times shown and of dates given without an offset
                           (default ${DEFAULT_TIME_ZONE})
  -h, --help               Show this help

Dates are compared with the time the event happened (its metadata.occurredAt).`;

export const REPLAY_HELP = `Usage: npm run cli -- events replay --org <id> [--from <position|date>] [--to <position|date>]

An organisation's history as one readable line per event, oldest first, for auditors:
  2026-03-01 10:22:03  <userId>  CourseAdded  course-<id>  name="Piyano" ...
(time in --tz, the user who caused it or "-", the event type, its stream, then its fields; password and
token hashes are shown as [redacted]).

Options:
${RANGE_HELP}`;

export const EXPORT_HELP = `Usage: npm run cli -- events export --org <id> [--from <position|date>] [--to <position|date>]

An organisation's stored events as JSON lines (one event per line, oldest first, exactly as stored:
globalPosition as a string, id, streamId, streamVersion, type, data, metadata). The export holds personal
data and password hashes: keep it as safe as the database.

Options:
${RANGE_HELP}`;

export const VERIFY_HELP = `Usage: npm run cli -- events verify --org <id>

Recomputes the organisation's hash chain (each event's SHA-256 covers the previous hash and the event's id,
stream, version, type, data, metadata, organisation and position) from the stored events and compares it
with the chain the server wrote right after each append. Names the first event that was altered, removed or
inserted directly in the database, and exits with 3. Events the server has not chained yet (its lag) are
counted, not judged. On success prints the head hash: an auditor who notes it can later tell that nothing
before it was rewritten together with its chain.

Options:
  --org <id>     The organisation (required)
  -h, --help     Show this help`;

export const EVENTS_HELP = `Usage: npm run cli -- events <replay|export|verify> --org <id> [options]

Commands:
  replay    An organisation's history as readable lines (for auditors)
  export    An organisation's stored events as JSON lines
  verify    Checks the organisation's hash chain (tamper evidence)

Run a command with --help for its options.`;

const PAGE = 1000;

/**
 * An organisation's events in position order from `after` (exclusive). The Postgres store reads them
 * through its organisation index; other stores are paged through whole and filtered by metadata.
 */
export async function* organizationEvents(
  store: EventStore,
  organizationId: string,
  after: bigint,
): AsyncGenerator<StoredEvent> {
  let position = after;
  for (;;) {
    const page = await store.readOrganization(organizationId, position, PAGE);
    if (page.length === 0) return;
    for (const e of page) {
      position = e.globalPosition;
      yield e;
    }
  }
}

function rangeArgs(args: string[], help: string) {
  const { values } = parseArgs({
    args,
    options: {
      org: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      tz: { type: 'string', default: DEFAULT_TIME_ZONE },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: false,
  });
  if (values.help) return { help: true as const };
  if (!values.org?.trim()) throw new UsageError('--org <id> is required', help);
  const tz = checkTimeZone(values.tz ?? DEFAULT_TIME_ZONE);
  const from = values.from !== undefined ? parseBound(values.from, tz, '--from') : null;
  const to = values.to !== undefined ? parseBound(values.to, tz, '--to') : null;
  return { help: false as const, org: values.org.trim(), tz, from, to };
}

async function eachInRange(
  ctx: CliContext,
  org: string,
  from: Bound | null,
  to: Bound | null,
  fn: (e: StoredEvent) => Promise<void>,
): Promise<number> {
  const { store, close } = await ctx.open();
  let n = 0;
  try {
    const after = from?.kind === 'position' && from.position > 0n ? from.position - 1n : 0n;
    for await (const e of organizationEvents(store, org, after)) {
      if (ctx.signal.aborted) break;
      // Positions only grow; occurredAt may not (clocks of several servers), so dates filter, never stop.
      if (to?.kind === 'position' && e.globalPosition >= to.position) break;
      if (!inRange(e, from, to)) continue;
      await fn(e);
      n++;
    }
  } finally {
    await close();
  }
  return n;
}

export async function eventsReplay(args: string[], ctx: CliContext): Promise<number> {
  const a = rangeArgs(args, REPLAY_HELP);
  if (a.help) {
    await write(ctx.stdout, `${REPLAY_HELP}\n`);
    return 0;
  }
  const n = await eachInRange(ctx, a.org, a.from, a.to, (e) =>
    write(ctx.stdout, `${formatReplayLine(e, a.tz, a.org)}\n`),
  );
  ctx.stderr.write(`${n} events of organisation ${a.org} (times in ${a.tz})\n`);
  return 0;
}

export async function eventsExport(args: string[], ctx: CliContext): Promise<number> {
  const a = rangeArgs(args, EXPORT_HELP);
  if (a.help) {
    await write(ctx.stdout, `${EXPORT_HELP}\n`);
    return 0;
  }
  const n = await eachInRange(ctx, a.org, a.from, a.to, (e) => write(ctx.stdout, `${exportLine(e)}\n`));
  ctx.stderr.write(`${n} events of organisation ${a.org} exported\n`);
  return 0;
}

export async function eventsVerify(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { org: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: false,
  });
  if (values.help) {
    await write(ctx.stdout, `${VERIFY_HELP}\n`);
    return 0;
  }
  const org = values.org?.trim();
  if (!org) throw new UsageError('--org <id> is required', VERIFY_HELP);
  const { db, store, rawStore, close } = await ctx.open();
  try {
    await ensureChainTables(db);
    const started = performance.now();
    // The chain covers the events as stored, personal fields sealed (and stays valid after an erasure).
    const r = await verifyChain(db, rawStore ?? store, org, ctx.signal);
    const seconds = (performance.now() - started) / 1000;
    if (!r.ok) {
      const what = r.event ? ` (${r.event.type} in ${r.event.streamId})` : '';
      const why = {
        altered: 'was altered in the database: its content no longer matches its hash',
        removed: 'was removed from the database (its chain entry remains)',
        inserted: 'was inserted into the database without passing the append (it is not in the chain)',
      }[r.reason];
      await write(
        ctx.stdout,
        `TAMPERED: event ${r.eventId} at position ${r.position}${what} ${why}\n` +
          `${r.verified} earlier events of organisation ${org} verified\n`,
      );
      return 3;
    }
    await write(
      ctx.stdout,
      `OK: ${r.verified} events of organisation ${org} verified in ${seconds.toFixed(2)} s; head ${r.head}\n` +
        (r.pending > 0
          ? `${r.pending} newer events not chained yet (chained up to position ${r.checkpoint})\n`
          : ''),
    );
    return 0;
  } finally {
    await close();
  }
}
