import { safeMediaPath, type BackupEventLine, type StoredEvent } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import { importAppends } from './organization-import';

const ORG = '00000000-0000-4000-8000-000000000001';
let n = 0;
const line = (streamId: string, streamVersion: number): BackupEventLine => {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    streamId,
    streamVersion,
    globalPosition: String(n),
    type: 'Happened',
    data: { n },
    metadata: {
      organizationId: ORG,
      userId: null,
      ipAddress: null,
      userAgent: null,
      causationId: null,
      occurredAt: '2026-01-01T00:00:00.000Z',
      correlationId: 'c',
    },
  };
};
const stored = (l: BackupEventLine): StoredEvent => ({
  id: l.id,
  streamId: l.streamId,
  streamVersion: l.streamVersion,
  globalPosition: BigInt(l.globalPosition),
  type: l.type,
  data: l.data,
  metadata: l.metadata,
});

/** A store's readStreams over a map of streams, recording each call's stream ids. */
const reader =
  (here: Map<string, StoredEvent[]>, calls: string[][] = []) =>
  async (ids: readonly string[]) => {
    calls.push([...ids]);
    return new Map(ids.map((id) => [id, here.get(id) ?? []]));
  };

describe('importAppends', () => {
  it('keeps the original order, each stream continuing from its version here', async () => {
    const a0 = line('a', 0);
    const b0 = line('b', 0);
    const a1 = line('a', 1);
    const a2 = line('a', 2);
    const { appends, imported } = await importAppends([a0, b0, a1, a2], reader(new Map()));
    expect(imported).toBe(4);
    expect(appends.map((x) => [x.streamId, x.expectedVersion, x.events.map((e) => e.id)])).toEqual([
      ['a', 'no_stream', [a0.id]],
      ['b', 'no_stream', [b0.id]],
      ['a', 0, [a1.id, a2.id]],
    ]);
  });

  it('leaves out the events already stored, so a second import appends nothing', async () => {
    const events = [line('c', 0), line('d', 0), line('c', 1)];
    const here = new Map<string, StoredEvent[]>([
      ['c', [stored(events[0])]],
      ['d', [stored(events[1])]],
    ]);
    const partly = await importAppends(events, reader(here));
    expect(partly.imported).toBe(1);
    expect(partly.appends).toEqual([
      { streamId: 'c', expectedVersion: 0, events: [expect.objectContaining({ id: events[2].id })] },
    ]);
    here.set('c', [stored(events[0]), stored(events[2])]);
    const again = await importAppends(events, reader(here));
    expect(again).toEqual({ appends: [], imported: 0 });
  });

  it('reads the streams here in batches, each stream once, and continues every one of them', async () => {
    const events = Array.from({ length: 2500 }, (_, i) => line(`s-${i}`, 0));
    events.push(line('s-0', 1), line('s-2499', 1));
    const here = new Map([['s-1200', [stored(line('s-1200', 0))]]]);
    const calls: string[][] = [];
    const { appends, imported } = await importAppends(events, reader(here, calls));
    expect(calls.map((c) => c.length)).toEqual([1000, 1000, 500]);
    expect(new Set(calls.flat()).size).toBe(2500);
    expect(imported).toBe(2502);
    expect(appends.find((a) => a.streamId === 's-1200')?.expectedVersion).toBe(0);
    expect(appends.filter((a) => a.streamId === 's-0').map((a) => a.expectedVersion)).toEqual([
      'no_stream',
      0,
    ]);
  });
});

describe('safeMediaPath', () => {
  it('takes plain relative paths under media/ and refuses anything that could leave the folder', () => {
    expect(safeMediaPath('media/logos/organization-logo.png')).toBe('logos/organization-logo.png');
    for (const bad of [
      'media/../secret',
      'media//x',
      'media/',
      'media/a/./b',
      'other/x.png',
      'media/a b.png',
      'media/\\..\\x',
    ]) {
      expect(safeMediaPath(bad)).toBeNull();
    }
  });
});
