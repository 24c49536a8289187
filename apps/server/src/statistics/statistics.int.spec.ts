import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLocal } from '@okul/domain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
const tckn = tcknSource(53);
const api = () => orgApi(t, owner);

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, instructor] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, instructor.userId);
});
afterAll(async () => t?.close());

describe('getAgeGroups', () => {
  it('counts the active students by age group on the Istanbul calendar day', async () => {
    const course = await addCourse(t, owner, 'Piyano');
    const { year } = toLocal(Date.now());
    // Born on 1 January: their age is the year difference whatever today is.
    const ages = [5, 5, 12, 45];
    for (const [i, age] of [...ages, 30].entries()) {
      const s = await api().post(
        'registerStudent',
        studentBody(tckn(), { dobD: 1, dobM: 1, dobY: year - age }),
      );
      expect(s.body).toMatchObject({ id: expect.any(String) });
      // The fifth student (30) was enrolled and has left: not active.
      const enrol = await api().post('addEnrollment', {
        studentId: s.body.id,
        courseId: course,
        price: 100,
        startDate: '2025-01-10',
        ...(i === 4 ? { endDate: '2025-06-01' } : {}),
      });
      expect(enrol.body).toMatchObject({ id: expect.any(String) });
    }
    // Registered but never enrolled: not active either.
    await api().post('registerStudent', studentBody(tckn(), { dobD: 1, dobM: 1, dobY: year - 8 }));
    const r = await api().get('getAgeGroups');
    expect(r.status).toBe(200);
    expect(r.body.activeStudents).toBe(4);
    expect(r.body.unknownAge).toBe(0);
    expect(r.body.groups.filter((g: { count: number }) => g.count > 0)).toEqual([
      { label: '4-6', count: 2 },
      { label: '11-14', count: 1 },
      { label: '41-50', count: 1 },
    ]);
    expect(r.body.groups.map((g: { label: string }) => g.label)).toEqual([
      '0-4',
      '4-6',
      '7-10',
      '11-14',
      '15-18',
      '19-24',
      '25-30',
      '31-40',
      '41-50',
      '51-60',
      '61+',
    ]);
  });

  it('is for school admins of the organisation only', async () => {
    expect((await orgApi(t, instructor, owner.organizationId).get('getAgeGroups')).status).toBe(403);
    expect((await orgApi(t, other, owner.organizationId).get('getAgeGroups')).status).toBe(403);
    expect((await orgApi(t, other).get('getAgeGroups')).body.activeStudents).toBe(0);
  });
});
