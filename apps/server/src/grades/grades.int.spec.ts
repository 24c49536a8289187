import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, logSentence } from '@okul/domain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
let guitar: string;
let group: string;
let otherGroup: string;
let student: string;
const tckn = tcknSource(63);
const api = () => orgApi(t, owner);
const inst = () => orgApi(t, instructor, owner.organizationId);

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, instructor] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, instructor.userId, ROLES.schoolInstructor);
  guitar = await addCourse(t, owner, 'Gitar');
  student = (await api().post('registerStudent', studentBody(tckn(), { regY: 2025 }))).body.id;
  await api().post('addEnrollment', {
    studentId: student,
    courseId: guitar,
    price: 200,
    startDate: '2025-03-01',
  });
  group = (await api().post('createClass', { courseId: guitar, title: 'Gitar A' })).body.id;
  otherGroup = (await api().post('createClass', { courseId: guitar, title: 'Gitar B' })).body.id;
  await api().post('editClassMembers', { id: group, studentIds: [student] });
});
afterAll(async () => t?.close());

describe('grades', () => {
  it('adds, edits, lists and deletes a grade with the spec rules, logging each', async () => {
    const noCourse = await inst().post('addGrade', { studentId: student, gradeValue: 85 });
    expect(noCourse.status).toBe(400);
    expect(noCourse.body.error).toBe('Kurs seçimi zorunludur.');
    const wrongGroup = await inst().post('addGrade', {
      courseId: guitar,
      studentId: student,
      classId: otherGroup,
      gradeValue: 85,
    });
    expect(wrongGroup.status).toBe(400);
    const r = await inst().post('addGrade', {
      courseId: guitar,
      studentId: student,
      classId: group,
      gradeValue: 85,
      gradePeriod: '1. dönem',
    });
    expect(r.status).toBe(200);
    expect(
      (
        await inst().post('editGrade', {
          id: r.body.id,
          classId: group,
          gradeValue: 'AA',
          gradePeriod: '1. dönem',
        })
      ).status,
    ).toBe(200);
    const list = await inst().get('getGrades', { studentId: student });
    expect(list.body).toEqual([
      expect.objectContaining({
        id: r.body.id,
        courseId: guitar,
        classId: group,
        gradeValue: 'AA',
        gradePeriod: '1. dönem',
      }),
    ]);
    expect((await inst().get('getGrades', { classId: group })).body).toHaveLength(1);
    // another organisation neither reads nor changes it
    expect((await orgApi(t, other, owner.organizationId).get('getGrades')).status).toBe(403);
    expect((await orgApi(t, other).post('deleteGrade', { id: r.body.id })).status).toBe(404);
    expect((await inst().post('deleteGrade', { id: r.body.id })).status).toBe(200);
    expect((await inst().get('getGrades')).body).toEqual([]);
    const logs = (await api().post('requestOrgLogs', { limit: 50 })).body.logs as Array<{
      action: string;
      details: Record<string, unknown>;
    }>;
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining(['add_grade', 'add_grade_failed', 'edit_grade', 'delete_grade']),
    );
    const added = logs.find((l) => l.action === 'add_grade')!;
    expect(logSentence(added.action, added.details)).toBe('Not ekledi (not: 85).');
  });
});
