import { afterEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '@okul/domain';
import { PostgresEventStore } from '../../../../apps/server/src/event-store/postgres-event-store';
import { createTestDatabase } from '../../../../apps/server/test/support/test-db';
import { appendAdds, checkpointOf, counterProjection, type AddedData } from '../../test/counter-projection';
import { readProjectionCheckpoints, readProjectionStamps, stampsOf } from './checkpoints.reader';
import { ProjectionRunner, rebuildProjection } from './runner';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

describe('the read models’ stamps from one reading of every checkpoint', () => {
  it('names the lowest applied position, the generations, and only the organisation’s parked read models', async () => {
    const t = await createTestDatabase();
    cleanups.push(() => t.drop());
    const store = await PostgresEventStore.create(t.db);
    const good = counterProjection({ name: 'good' });
    const bad = counterProjection({
      name: 'bad',
      poison: (e: StoredEvent) =>
        e.metadata.organizationId === 'org-a' && (e.data as AddedData).amount === -13,
    });
    const runner = new ProjectionRunner(t.db, store, [good, bad], { idleMs: 10, leaderRetryMs: 50 });
    cleanups.push(() => runner.stop());
    await runner.prepare();
    runner.start();
    await appendAdds(store, 6, { organizationId: 'org-b', prefix: 'b' });
    await appendAdds(store, 1, { amount: () => -13, organizationId: 'org-a', prefix: 'a' });
    const head = await appendAdds(store, 4, { organizationId: 'org-b', prefix: 'b2' });
    expect(await runner.waitFor(head)).toBe(true);

    const checkpoints = await readProjectionCheckpoints(t.db, 'org-a');
    expect(checkpoints.map((c) => c.name).sort()).toEqual(['bad', 'good']);
    const g = await checkpointOf(t.db, 'good');
    const b = await checkpointOf(t.db, 'bad');
    expect(g?.position).toBe(head.toString());
    expect(b?.position).toBe(head.toString());

    const a = await readProjectionStamps(t.db, ['good', 'bad'], 'org-a');
    expect(a).toEqual({
      applied: head.toString(),
      generations: `bad@${b!.generation},good@${g!.generation}`,
      checkpoints: `bad@${b!.generation}:${head},good@${g!.generation}:${head}`,
      parked: true,
    });
    // Another organisation's read models are not stale; nor is `good` in org-a.
    expect((await readProjectionStamps(t.db, ['good', 'bad'], 'org-b')).parked).toBe(false);
    expect(stampsOf(checkpoints, ['good']).parked).toBe(false);
    // A read model with a state but no checkpoint yet is left out, as an inner join of the two leaves it.
    const late = { name: 'late', generation: '1', position: null, parked: false };
    expect(stampsOf([...checkpoints, late], ['good', 'late'])).toEqual({
      applied: head.toString(),
      generations: `good@${g!.generation}`,
      checkpoints: `good@${g!.generation}:${head}`,
      parked: false,
    });
    // Nothing named: nothing applied, as the aggregate over no rows.
    expect(stampsOf(checkpoints, ['unknown'])).toEqual({
      applied: null,
      generations: null,
      checkpoints: null,
      parked: false,
    });

    // The lowest position, compared as a number (9 < 11, '9' > '11'), and a rebuild's generation shows.
    const mixed = stampsOf(
      checkpoints.map((c) => (c.name === 'bad' ? { ...c, position: '9' } : c)),
      ['good', 'bad'],
    );
    expect(mixed.applied).toBe('9');
    await runner.stop();
    await rebuildProjection(t.db, store, good);
    const rebuilt = await checkpointOf(t.db, 'good');
    expect(rebuilt!.generation).not.toBe(g!.generation);
    expect((await readProjectionStamps(t.db, ['good'], 'org-b')).generations).toBe(
      `good@${rebuilt!.generation}`,
    );
  }, 60_000);
});
