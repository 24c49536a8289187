import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@okul/domain';
import type { Db } from '@okul/projections';
import { addMember, orgApi } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type TestServer } from '../../test/support/test-server';
import { OrganizationHeads } from '../infra/read-side-waits';
import { AccessService } from './access.service';
import { TokenService } from './token.service';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

/** The guard keeps the caller's row of an organisation between changes of the accounts read model. */
describe('the guard between writes', () => {
  it('shows a role change, a removal and a logout at once on the next call', async () => {
    const [owner, member] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http)]);
    await addMember(t, owner.organizationId, member.userId, ROLES.schoolInstructor);
    const asMember = () => orgApi(t, member, owner.organizationId);
    // school-admin only: twice refused to the instructor (the second from the kept row)
    expect((await asMember().get('getAgeGroups')).status).toBe(403);
    expect((await asMember().get('getAgeGroups')).status).toBe(403);

    const promoted = await orgApi(t, owner).post('updateOrganizationUser', {
      userId: member.userId,
      orgRoleId: ROLES.schoolAdmin,
    });
    expect(promoted.status).toBe(200);
    expect((await asMember().get('getAgeGroups')).status).toBe(200);
    expect((await asMember().get('getAgeGroups')).status).toBe(200);

    const removed = await orgApi(t, owner).post('removeOrganizationUser', { userId: member.userId });
    expect(removed.status).toBe(200);
    expect((await asMember().get('getAgeGroups')).status).toBe(403);

    expect((await orgApi(t, owner).get('getAgeGroups')).status).toBe(200);
    expect((await orgApi(t, owner).get('getAgeGroups')).status).toBe(200);
    const out = await request(t.http).post('/api/v1/logout').set(owner.auth).send({});
    expect(out.status).toBe(200);
    expect((await orgApi(t, owner).get('getAgeGroups')).status).toBe(401);
  });
});

describe('the guard of a write', () => {
  it("reads the caller's row itself, without first reading every checkpoint to try the kept row", async () => {
    const owner = await signUpOwner(t.http);
    const claims = (await t.server.app.get(TokenService).verifyAccess(owner.token))!;
    const { db, store } = t.server.runtime.persistence;
    const sent: string[] = [];
    const counting: Db = {
      ...db,
      query: (text, params, options) => {
        sent.push(text);
        return db.query(text, params, options);
      },
    };
    const access = new AccessService(counting, new OrganizationHeads(store, counting));
    const read = (kept: boolean) =>
      access.principalInOrganization(claims.userId, claims.sessionId, owner.organizationId, { kept });
    // A read keeps the row; the write after it reads the row again, and reads nothing else.
    expect(await read(true)).toMatchObject({ access: { exists: true, memberActive: true } });
    sent.length = 0;
    expect(await read(false)).toMatchObject({ access: { exists: true, memberActive: true } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('FROM users u JOIN sessions s');
  });
});
