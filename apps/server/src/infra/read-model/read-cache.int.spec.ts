import type { Db } from '@okul/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgApi, studentBody, tcknSource } from '../../../test/support/school-fixtures';
import {
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../../test/support/test-server';
import type { AppConfig } from '../../config/config';
import { withOrganization } from '../organization-scope';
import { OrganizationHeads } from '../read-side-waits';
import { ReadCache } from './read-cache';

let t: TestServer;
let owner: SignedIn;
const tckn = tcknSource(79);

beforeAll(async () => {
  t = await startTestServer();
  owner = await signUpOwner(t.http);
});
afterAll(async () => t?.close());

/** The API's database, with the projections' stamp query held at a gate while it is closed. */
function gatedDb(db: Db) {
  let open: Promise<void> = Promise.resolve();
  let release = () => undefined as void;
  const gated: Db = {
    ...db,
    query: async (text, params) => {
      if (text.includes('projection_checkpoints')) await open;
      return db.query(text, params);
    },
  };
  return {
    db: gated,
    close: () => (open = new Promise<void>((r) => (release = r))),
    open: () => release(),
  };
}

describe('the read cache', () => {
  it('never answers a read with a stamp read before the caller wrote, even while one is being read', async () => {
    const org = owner.organizationId;
    const gate = gatedDb(t.server.runtime.persistence.db);
    const runtime = t.server.runtime;
    const cache = new ReadCache(new OrganizationHeads(runtime.persistence.store, gate.db), runtime.runner, {
      READ_CACHE: 'on',
    } as AppConfig);
    let builds = 0;
    const read = () =>
      withOrganization(org, () =>
        cache.get('list', org, ['students'], new Date(), async () => ({
          text: JSON.stringify({ build: ++builds }),
          validUntil: Number.POSITIVE_INFINITY,
        })),
      ).then((a) => JSON.parse(a.body.toString('utf8')) as { build: number });
    const register = async () =>
      expect((await orgApi(t, owner).post('registerStudent', studentBody(tckn()))).status).toBe(200);

    await register();
    expect(await read()).toEqual({ build: 1 });
    expect(await read()).toEqual({ build: 1 });
    // A read whose stamp is being read when the write is answered...
    gate.close();
    const before = read();
    await register();
    // ...is not joined by the read that comes after the write: it waits for a stamp of its own.
    const after = read();
    gate.open();
    await before;
    expect(await after).toEqual({ build: 2 });
    expect(await read()).toEqual({ build: 2 });
  });
});
