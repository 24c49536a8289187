import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, logSentence } from '@okul/domain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
let guitar: string;
let drums: string;
let group: string;
const students: Array<{ id: string; studentNumber: number }> = [];
const tckn = tcknSource(57);
const api = () => orgApi(t, owner);
// Mondays 18:00-19:00 Istanbul from 2 March 2026, weekly, 4 times.
const slot = { startTime: '2026-03-02T15:00:00.000Z', endTime: '2026-03-02T16:00:00.000Z' };

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, instructor] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, instructor.userId, ROLES.schoolInstructor);
  guitar = await addCourse(t, owner, 'Gitar');
  drums = await addCourse(t, owner, 'Davul');
  for (const [name, surname, course] of [
    ['Ali', 'Veli', guitar],
    ['Ece', 'Su', guitar],
    ['Can', 'Ok', drums],
  ] as const) {
    const r = await api().post('registerStudent', studentBody(tckn(), { name, surname, regY: 2025 }));
    students.push(r.body);
    await api().post('addEnrollment', {
      studentId: r.body.id,
      courseId: course,
      price: 200,
      startDate: '2025-03-01',
    });
  }
  group = (await api().post('createClass', { courseId: guitar, title: 'Gitar A' })).body.id;
  await api().post('editClassMembers', { id: group, studentIds: [students[1].id] });
});
afterAll(async () => t?.close());

describe('schedules', () => {
  let id: string;

  it('adds a weekly schedule for a group and a student, with the spec messages', async () => {
    const noCourse = await api().post('addSchedule', { scheduleTimes: [slot] });
    expect(noCourse.status).toBe(400);
    expect(noCourse.body.error).toBe('Kurs ve organizasyon seçilmeli');
    const notEnrolled = await api().post('addSchedule', {
      courseId: guitar,
      scheduleTimes: [slot],
      students: [{ studentId: students[2].id }],
    });
    expect(notEnrolled.body.error).toBe(
      `Bu kursa kaydı olmayan öğrenciler programa eklenemez: ${students[2].studentNumber} Can Ok`,
    );
    const r = await api().post('addSchedule', {
      courseId: guitar,
      title: 'Gitar A',
      scheduleType: 'periodic',
      scheduleTimes: [slot, { startTime: '2026-03-04T15:00:00.000Z', endTime: '' }],
      periodLength: 1,
      periodUnit: 'week',
      repeatCount: 4,
      attendanceMandatory: true,
      students: [{ studentId: students[0].id }],
      classes: [{ classId: group }],
    });
    expect(r.status).toBe(200);
    id = r.body.id;
    const list = await orgApi(t, instructor, owner.organizationId).get('getSchedules');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id,
        courseId: guitar,
        scheduleType: 'periodic',
        scheduleTimes: [slot],
        periodLength: 1,
        periodUnit: 'week',
        repeatCount: 4,
        students: [{ studentId: students[0].id }],
        classes: [{ classId: group }],
        deletedAt: null,
      }),
    ]);
  });

  it('expands the lessons of a range, with their members and whether attendance was taken', async () => {
    const take = await api().post('addAttendance', {
      courseId: guitar,
      attendants: [students[0].id],
      day: 9,
      month: 3,
      year: 2026,
      hour: 18,
      minute: 0,
    });
    expect(take.status).toBe(200);
    const r = await orgApi(t, instructor, owner.organizationId).get('getScheduleOccurrences', {
      from: '2026-03-01',
      to: '2026-03-20',
      members: '1',
    });
    expect(r.status).toBe(200);
    expect(r.body.map((o: { start: string }) => o.start)).toEqual([
      '2026-03-02T15:00:00.000Z',
      '2026-03-09T15:00:00.000Z',
      '2026-03-16T15:00:00.000Z',
    ]);
    expect(r.body[1]).toMatchObject({
      id: `${id}.0.1`,
      attendanceId: take.body.id,
      attendanceMandatory: true,
      memberIds: [students[0].id, students[1].id],
    });
    expect(r.body[0].attendanceId).toBeNull();
    const tooLong = await api().get('getScheduleOccurrences', { from: '2026-01-01', to: '2028-01-01' });
    expect(tooLong.status).toBe(400);
  });

  it('updates details (Değişiklik yok when unchanged) and members, removes a student and a group', async () => {
    const same = await api().post('updateScheduleDetails', {
      scheduleId: id,
      title: 'Gitar A',
      repeatCount: 4,
    });
    expect(same.body).toEqual({ id, changed: false, info: 'Değişiklik yok' });
    const oneOff = await api().post('updateScheduleDetails', { scheduleId: id, repeatCount: 6 });
    expect(oneOff.body.changed).toBe(true);
    expect(
      (await api().post('removeScheduleStudent', { scheduleID: id, studentID: students[0].id })).status,
    ).toBe(200);
    const again = await api().post('removeScheduleStudent', { scheduleID: id, studentID: students[0].id });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Öğrenci çıkarılamadı');
    expect((await api().post('removeScheduleClass', { scheduleID: id, classID: group })).status).toBe(200);
    expect((await api().post('removeScheduleClass', { scheduleID: id, classID: group })).body.error).toBe(
      'Sınıf çıkarılamadı',
    );
    const members = await api().post('updateScheduleMembers', {
      scheduleId: id,
      students: [{ studentId: students[0].id }],
      classes: [{ classId: group }],
    });
    expect(members.status).toBe(200);
    // product.md 5: changing the course clears students and classes.
    expect((await api().post('updateScheduleDetails', { scheduleId: id, courseId: drums })).status).toBe(200);
    const [s] = (await api().get('getSchedules', { id })).body;
    expect(s).toMatchObject({ courseId: drums, repeatCount: 6, students: [], classes: [] });
  });

  it('keeps schedules to their roles and organisation', async () => {
    expect((await orgApi(t, instructor, owner.organizationId).post('deleteSchedule', { id })).status).toBe(
      403,
    );
    expect((await orgApi(t, other, owner.organizationId).get('getSchedules')).status).toBe(403);
    const foreign = await orgApi(t, other).post('deleteSchedule', { id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('Silinecek program veya organizasyon bulunamadı');
    expect(
      (await orgApi(t, other).post('addSchedule', { courseId: guitar, scheduleTimes: [slot] })).status,
    ).toBe(404);
  });

  it('deletes a schedule, and deleting a course removes its schedules; each action is logged', async () => {
    const second = await api().post('addSchedule', { courseId: guitar, scheduleTimes: [slot] });
    expect((await api().post('deleteSchedule', { id: second.body.id })).status).toBe(200);
    expect((await api().get('getSchedules')).body.map((s: { id: string }) => s.id)).toEqual([id]);
    expect((await api().post('deleteCourse', { id: drums })).status).toBe(200);
    expect((await api().get('getSchedules')).body).toEqual([]);
    const logs = await api().post('requestOrgLogs', { limit: 50 });
    const entries = logs.body.logs as Array<{ action: string; details: Record<string, unknown> }>;
    expect(entries.map((l) => l.action)).toEqual(
      expect.arrayContaining([
        'add_schedule',
        'add_schedule_failed',
        'update_schedule_details',
        'update_schedule_members',
        'remove_schedule_student',
        'remove_schedule_student_failed',
        'remove_schedule_class',
        'delete_schedule',
        'soft_delete_course',
      ]),
    );
    const cascade = entries.find((l) => l.action === 'delete_schedule' && l.details.scheduleId === id)!;
    expect(logSentence(cascade.action, cascade.details)).toBe('"Gitar A" programını sildi (Kurs silindi).');
  });
});

describe('the Eğitmen of a schedule', () => {
  it('stores and answers an instructor of this organisation, and refuses an unknown or foreign one', async () => {
    const zeki = (await api().post('addInstructor', { name: 'Zeki', surname: 'Kaya', branches: [guitar] }))
      .body.id as string;
    const piano = await addCourse(t, other, 'Piyano');
    const foreign = (
      await orgApi(t, other).post('addInstructor', { name: 'Nur', surname: 'Ak', branches: [piano] })
    ).body.id as string;
    const refused = {
      error: 'Seçilen eğitmen bu kurumun eğitmenleri arasında yok.',
      code: 'schedule.instructorUnknown',
    };
    for (const instructorId of [foreign, '00000000-0000-4000-8000-0000000000a7']) {
      const r = await api().post('addSchedule', { courseId: guitar, scheduleTimes: [slot], instructorId });
      expect(r.status).toBe(404);
      expect(r.body).toEqual(refused);
    }
    const bad = await api().post('addSchedule', {
      courseId: guitar,
      scheduleTimes: [slot],
      instructorId: 'x',
    });
    expect(bad.status).toBe(400);
    const r = await api().post('addSchedule', {
      courseId: guitar,
      scheduleTimes: [slot],
      instructorId: zeki,
    });
    expect(r.status).toBe(200);
    const sid = r.body.id as string;
    expect((await api().get('getSchedules', { id: sid })).body[0]).toMatchObject({
      instructorId: zeki,
      instructorName: 'Zeki Kaya',
    });
    const occurrences = await api().get('getScheduleOccurrences', {
      id: sid,
      from: '2026-03-01',
      to: '2026-03-08',
    });
    expect(occurrences.body.map((o: { instructorId: string }) => o.instructorId)).toEqual([zeki]);
    const edit = await api().post('updateScheduleDetails', { scheduleId: sid, instructorId: foreign });
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual(refused);
    const none = await api().post('updateScheduleDetails', { scheduleId: sid, instructorId: null });
    expect(none.body).toEqual({ id: sid, changed: true });
    expect((await api().get('getSchedules', { id: sid })).body[0]).toMatchObject({
      instructorId: null,
      instructorName: null,
    });
  });
});
