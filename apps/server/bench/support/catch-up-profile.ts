import type { ProjectionThroughput } from '@okul/projections';
import { rate, round } from './stats';

/** One projection's share of a catch-up: its rate until it had applied the last event, and where its time went. */
function catchUpProfile(t: ProjectionThroughput) {
  return {
    events: t.events,
    batches: t.batches,
    /** Until this projection had applied its last batch (all projections started together). */
    seconds: round(t.lastAppliedMs / 1000),
    eventsPerSecond: rate(t.events, t.lastAppliedMs),
    applySeconds: round(t.applyMs / 1000),
    /** Of the time in its transactions, waiting on the database; the rest ran the handlers' code. */
    sqlPercent: t.applyMs > 0 ? Math.round((t.sqlMs * 100) / t.applyMs) : null,
    readSeconds: round(t.readMs / 1000),
  };
}

/** The profile of each projection, slowest first. */
export function catchUpProfiles(throughput: Record<string, ProjectionThroughput>) {
  return Object.fromEntries(
    Object.entries(throughput)
      .sort(([, a], [, b]) => b.lastAppliedMs - a.lastAppliedMs)
      .map(([name, t]) => [name, catchUpProfile(t)]),
  );
}
