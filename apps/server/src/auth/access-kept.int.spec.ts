import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@okul/domain';
import { addMember, orgApi } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type TestServer } from '../../test/support/test-server';

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
