/**
 * Where a server's written commands spent their time during a measurement, from its Prometheus metrics
 * read before and after: the mean of each command step (decide, append, read-your-writes wait) and, per
 * projection this server leads, the batches applied and the mean time of one (its transaction).
 */
export interface StepProfile {
  /** Mean milliseconds of each step per command written during the measurement. */
  stepsMs: Record<string, number>;
  /** Per projection that applied batches: batches, events, mean milliseconds per batch, slowest first. */
  projections: Array<{ projection: string; batches: number; events: number; msPerBatch: number }>;
}

type Samples = Map<string, number>;

/** `name{labels} value` lines of the exposition text, keyed by `name{labels}`. */
export async function scrape(metricsUrl: string): Promise<Samples> {
  const text = await (await fetch(metricsUrl)).text();
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line.startsWith('okul_command_step_seconds_') && !line.startsWith('okul_projection_appl')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function stepProfile(before: Samples, after: Samples): StepProfile {
  const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
  const stepsMs: Record<string, number> = {};
  for (const step of ['decide', 'append', 'wait']) {
    const n = delta(`okul_command_step_seconds_count{step="${step}"}`);
    if (n > 0) stepsMs[step] = round1((delta(`okul_command_step_seconds_sum{step="${step}"}`) * 1000) / n);
  }
  const projections: StepProfile['projections'] = [];
  for (const key of after.keys()) {
    const m = /^okul_projection_applied_batches\{projection="([^"]+)"\}$/.exec(key);
    if (!m) continue;
    const batches = delta(key);
    if (batches <= 0) continue;
    projections.push({
      projection: m[1],
      batches,
      events: delta(`okul_projection_applied_events{projection="${m[1]}"}`),
      msPerBatch: round1((delta(`okul_projection_apply_seconds{projection="${m[1]}"}`) * 1000) / batches),
    });
  }
  projections.sort((a, b) => b.msPerBatch - a.msPerBatch);
  return { stepsMs, projections };
}
