import { readFile } from 'node:fs/promises';

export interface MemoryPeak {
  /** Resident memory of the server process before the measured call and at its highest during it (MB). */
  rssBeforeMb: number;
  rssPeakMb: number;
  /** V8 heap in use before and at its highest (MB); null without the process's metrics endpoint. */
  heapUsedBeforeMb: number | null;
  heapUsedPeakMb: number | null;
  samples: number;
}

const MB = 2 ** 20;

/** Resident memory of a process (MB), from /proc (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The process's V8 heap in use (MB), read from its Prometheus endpoint (prom-client's default metrics). */
async function heapUsedMb(metricsUrl: string): Promise<number | null> {
  const text = await (await fetch(metricsUrl)).text();
  const m = /^okul_nodejs_heap_size_used_bytes (\S+)$/m.exec(text);
  return m ? Math.round(Number(m[1]) / MB) : null;
}

/**
 * Samples a server process while a call runs: RSS every 20 ms from /proc (cheap), the heap every 250 ms
 * through /metrics (a scrape costs the server a little, so less often, and never two at once). Answers once
 * the figures before the call are taken.
 */
export async function sampleMemory(p: { pid: number; metricsUrl: string | null }) {
  let rssBefore: number | null = null;
  let rssPeak = 0;
  let heapBefore: number | null = null;
  let heapPeak: number | null = null;
  let samples = 0;
  const rss = () =>
    rssMb(p.pid).then(
      (mb) => {
        rssBefore ??= mb;
        rssPeak = Math.max(rssPeak, mb);
        samples++;
      },
      () => undefined,
    );
  let scraping: Promise<void> | null = null;
  const heap = () => {
    if (!p.metricsUrl || scraping) return;
    scraping = heapUsedMb(p.metricsUrl)
      .then(
        (mb) => {
          if (mb === null) return;
          heapBefore ??= mb;
          heapPeak = Math.max(heapPeak ?? 0, mb);
        },
        () => undefined,
      )
      .finally(() => (scraping = null));
  };
  // The figures before the call, taken before it starts.
  await rss();
  heap();
  await scraping;
  const rssTimer = setInterval(() => void rss(), 20);
  const heapTimer = setInterval(heap, 250);
  return {
    async stop(): Promise<void> {
      clearInterval(rssTimer);
      clearInterval(heapTimer);
      await rss();
      await scraping;
    },
    peak(): MemoryPeak {
      return {
        rssBeforeMb: rssBefore ?? 0,
        rssPeakMb: rssPeak,
        heapUsedBeforeMb: heapBefore,
        heapUsedPeakMb: heapPeak,
        samples,
      };
    },
  };
}
