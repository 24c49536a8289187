import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, logSentence } from '@okul/domain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let staff: SignedIn;
let instructor: SignedIn;
let guitar: string;
let drums: string;
const students: Array<{ id: string; studentNumber: number }> = [];
const enrollments: string[] = [];
const tckn = tcknSource(91);
const api = () => orgApi(t, owner);

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, staff, instructor] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, staff.userId, ROLES.schoolStaff);
  await addMember(t, owner.organizationId, instructor.userId, ROLES.schoolInstructor);
  guitar = await addCourse(t, owner, 'Gitar');
  drums = await addCourse(t, owner, 'Davul');
  for (const [name, surname] of [
    ['Ali', 'Veli'],
    ['Ece', 'Su'],
    ['Can', 'Ok'],
  ]) {
    const r = await api().post('registerStudent', studentBody(tckn(), { name, surname, regY: 2025 }));
    students.push(r.body);
  }
  // Ali and Ece hold Gitar; Can holds Davul only.
  for (const [s, course] of [
    [students[0], guitar],
    [students[1], guitar],
    [students[2], drums],
  ] as const) {
    const r = await api().post('addEnrollment', {
      studentId: s.id,
      courseId: course,
      price: 200,
      startDate: '2025-03-01',
    });
    expect(r.status).toBe(200);
    enrollments.push(r.body.id);
  }
});
afterAll(async () => t?.close());

describe('groups (classes)', () => {
  let groupId: string;

  it('creates a group of a course, with the spec messages for missing fields', async () => {
    const noCourse = await api().post('createClass', { title: 'Gitar A' });
    expect(noCourse.status).toBe(400);
    expect(noCourse.body.error).toBe('courseId is required for group requests');
    const noTitle = await api().post('createClass', { courseId: guitar, title: '' });
    expect(noTitle.body.error).toBe('Eksik veya hatalı alanlar var');
    const r = await api().post('createClass', {
      courseId: guitar,
      title: 'Gitar A',
      level: 'Başlangıç',
      ageGroup: '7-10',
    });
    expect(r.status).toBe(200);
    groupId = r.body.id;
    const list = await orgApi(t, staff, owner.organizationId).get('getClasses');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: groupId,
        courseId: guitar,
        title: 'Gitar A',
        level: 'Başlangıç',
        ageGroup: '7-10',
        classCode: null,
        members: [],
        endedMembers: [],
        deletedAt: null,
      }),
    ]);
  });

  it('edits the fields but never the course', async () => {
    const moved = await api().post('editClass', { id: groupId, courseId: drums, title: 'Gitar A' });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toBe('Grubun kursu değiştirilemez.');
    const r = await api().post('editClass', {
      id: groupId,
      courseId: guitar,
      title: 'Gitar A1',
      notes: 'Salı',
    });
    expect(r.status).toBe(200);
    const [g] = (await api().get('getClasses')).body;
    expect(g).toMatchObject({ title: 'Gitar A1', notes: 'Salı', courseId: guitar });
  });

  it('takes as members only students enrolled in the course, naming the others', async () => {
    const bad = await api().post('editClassMembers', {
      id: groupId,
      studentIds: [students[0].id, students[2].id],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      `Bu kursa kaydı olmayan öğrenciler gruba eklenemez: ${students[2].studentNumber} Can Ok`,
    );
    const ok = await api().post('editClassMembers', {
      id: groupId,
      studentIds: [students[0].id, students[1].id],
    });
    expect(ok.status).toBe(200);
    expect((await api().get('getClasses')).body[0].members).toEqual([students[0].id, students[1].id]);
  });

  it('keeps a member whose enrolment ended, marked', async () => {
    expect((await api().post('endEnrollment', { ID: enrollments[1] })).status).toBe(200);
    const [g] = (await api().get('getClasses')).body;
    expect(g.members).toEqual([students[0].id, students[1].id]);
    expect(g.endedMembers).toEqual([students[1].id]);
    // Saving the members again keeps her; she cannot be added back once removed.
    expect((await api().post('editClassMembers', { id: groupId, studentIds: g.members })).status).toBe(200);
    expect((await api().post('editClassMembers', { id: groupId, studentIds: [students[0].id] })).status).toBe(
      200,
    );
    const again = await api().post('editClassMembers', {
      id: groupId,
      studentIds: [students[0].id, students[1].id],
    });
    expect(again.status).toBe(400);
  });

  it('keeps groups to their roles and organisation', async () => {
    expect((await orgApi(t, instructor, owner.organizationId).get('getClasses')).status).toBe(403);
    expect(
      (await orgApi(t, staff, owner.organizationId).post('createClass', { courseId: guitar, title: 'X' }))
        .status,
    ).toBe(403);
    expect((await orgApi(t, other, owner.organizationId).get('getClasses')).status).toBe(403);
    // Another organisation's ids are not found from one's own organisation.
    const foreign = await orgApi(t, other).post('editClass', { id: groupId, title: 'Hack' });
    expect(foreign.status).toBe(404);
    const foreignCourse = await orgApi(t, other).post('createClass', { courseId: guitar, title: 'Hack' });
    expect(foreignCourse.status).toBe(404);
    expect((await orgApi(t, other).get('getClasses')).body).toEqual([]);
  });

  it('deletes a group, keeps it listed as deleted, and logs every action as a sentence', async () => {
    expect((await api().post('deleteClass', { id: groupId })).status).toBe(200);
    const [g] = (await api().get('getClasses')).body;
    expect(g.deletedAt).toEqual(expect.any(String));
    expect((await api().post('deleteClass', { id: groupId })).status).toBe(404);
    const logs = await api().post('requestOrgLogs', { limit: 50 });
    const entries = logs.body.logs as Array<{ action: string; details: Record<string, unknown> }>;
    const actions = entries.map((l) => l.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'create_class',
        'create_class_failed',
        'edit_class',
        'edit_class_failed',
        'edit_class_members',
        'edit_class_members_failed',
        'delete_class',
        'delete_class_failed',
      ]),
    );
    const created = entries.find((l) => l.action === 'create_class')!;
    expect(logSentence(created.action, created.details)).toBe('"Gitar A" grubunu oluşturdu.');
    const del = entries.find((l) => l.action === 'delete_class')!;
    expect(logSentence(del.action, del.details)).toBe('"Gitar A1" grubunu sildi.');
  });
});
