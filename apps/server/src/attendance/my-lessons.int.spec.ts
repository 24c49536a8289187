import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@okul/domain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

// The lessons of the instructor linked to the signed-in user: getAttendances' instructor filters (instructorId,
// mine=1), getMyInstructors, and getScheduleOccurrences by instructor.
let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let teacher: SignedIn;
let plain: SignedIn;
let guitar: string;
let zeki: string;
let nur: string;
let foreign: string;
let foreignLesson: string;
const zekiLessons: string[] = [];
let nurLesson: string;
let otherLesson: string;
const tckn = tcknSource(83);
const api = () => orgApi(t, owner);
const asTeacher = () => orgApi(t, teacher, owner.organizationId);
const asPlain = () => orgApi(t, plain, owner.organizationId);

const ids = (body: { attendances: Array<{ id: string }> }) => body.attendances.map((a) => a.id).sort();

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, teacher, plain] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, teacher.userId, ROLES.schoolInstructor);
  await addMember(t, owner.organizationId, plain.userId, ROLES.schoolInstructor);
  // The teacher also teaches at the other organisation, under that organisation's own instructor record.
  await addMember(t, other.organizationId, teacher.userId, ROLES.schoolInstructor);
  guitar = await addCourse(t, owner, 'Gitar');
  const piano = await addCourse(t, other, 'Piyano');
  const ali = (await api().post('registerStudent', studentBody(tckn(), { name: 'Ali', regY: 2025 }))).body
    .id as string;
  await api().post('addEnrollment', {
    studentId: ali,
    courseId: guitar,
    price: 200,
    startDate: '2025-03-01',
  });
  const nil = (
    await orgApi(t, other).post('registerStudent', studentBody(tckn(), { name: 'Nil', regY: 2025 }))
  ).body.id as string;
  await orgApi(t, other).post('addEnrollment', {
    studentId: nil,
    courseId: piano,
    price: 300,
    startDate: '2025-03-01',
  });
  zeki = (
    await api().post('addInstructor', {
      name: 'Zeki',
      surname: 'Kaya',
      branches: [guitar],
      userId: teacher.userId,
    })
  ).body.id as string;
  nur = (await api().post('addInstructor', { name: 'Nur', surname: 'Ak', branches: [guitar] })).body
    .id as string;
  foreign = (
    await orgApi(t, other).post('addInstructor', {
      name: 'Zeki',
      surname: 'Kaya',
      branches: [piano],
      userId: teacher.userId,
    })
  ).body.id as string;
  const lesson = (day: number, instructorId: string | null) =>
    api().post('addAttendance', {
      courseId: guitar,
      attendants: [ali],
      day,
      month: 4,
      year: 2025,
      hour: 18,
      minute: 0,
      instructorId,
    });
  for (const day of [1, 8]) zekiLessons.push((await lesson(day, zeki)).body.id as string);
  nurLesson = (await lesson(15, nur)).body.id as string;
  otherLesson = (await lesson(22, null)).body.id as string;
  foreignLesson = (
    await orgApi(t, other).post('addAttendance', {
      courseId: piano,
      attendants: [nil],
      day: 2,
      month: 4,
      year: 2025,
      hour: 10,
      minute: 0,
      instructorId: foreign,
    })
  ).body.id as string;
  expect([...zekiLessons, nurLesson, otherLesson, foreignLesson].every(Boolean)).toBe(true);
  // four sign-ups and two organisations' records: slow on a busy machine
}, 240_000);
afterAll(async () => t?.close());

describe('getAttendances by instructor', () => {
  it('answers the lessons of one instructor, and Diğer with none', async () => {
    const z = await api().get('getAttendances', { instructorId: zeki });
    expect(z.status).toBe(200);
    expect(ids(z.body)).toEqual([...zekiLessons].sort());
    expect(z.body.total).toBe(2);
    expect(
      z.body.attendances.every((a: { instructorName: string }) => a.instructorName === 'Zeki Kaya'),
    ).toBe(true);
    expect(ids((await api().get('getAttendances', { instructorId: nur })).body)).toEqual([nurLesson]);
    expect(ids((await api().get('getAttendances', { instructorId: 'none' })).body)).toEqual([otherLesson]);
    expect((await api().get('getAttendances')).body.total).toBe(4);
  });

  it("gives nothing of an organisation for another organisation's instructor", async () => {
    const here = await api().get('getAttendances', { instructorId: foreign });
    expect(here.status).toBe(200);
    expect(here.body).toMatchObject({ attendances: [], total: 0 });
    const there = await orgApi(t, other).get('getAttendances', { instructorId: zeki });
    expect(there.body).toMatchObject({ attendances: [], total: 0 });
  });

  it('refuses a malformed instructor or mine in Turkish', async () => {
    const bad = await api().get('getAttendances', { instructorId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Eğitmen geçersiz.');
    const mine = await api().get('getAttendances', { mine: 'yes' });
    expect(mine.status).toBe(400);
    expect(mine.body.error).toBe('Geçersiz istek.');
  });
});

describe('mine=1: the lessons of the instructor linked to the caller', () => {
  it("answers the linked instructor's lessons of this organisation only", async () => {
    const here = await asTeacher().get('getAttendances', { mine: '1' });
    expect(here.status).toBe(200);
    expect(ids(here.body)).toEqual([...zekiLessons].sort());
    expect(here.body.total).toBe(2);
    // mine=0 is the whole list
    expect((await asTeacher().get('getAttendances', { mine: '0' })).body.total).toBe(4);
    // mine narrows the other filters further: Nur's lessons are not the teacher's
    expect((await asTeacher().get('getAttendances', { mine: '1', instructorId: nur })).body.total).toBe(0);
    const there = await orgApi(t, teacher, other.organizationId).get('getAttendances', { mine: '1' });
    expect(ids(there.body)).toEqual([foreignLesson]);
  });

  it('answers nothing to a caller linked to no instructor here', async () => {
    for (const caller of [asPlain(), api()]) {
      const r = await caller.get('getAttendances', { mine: '1' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ attendances: [], total: 0 });
    }
  });

  it('follows a new link at once (the cached page is keyed by the instructors, not the caller)', async () => {
    expect((await asPlain().get('getAttendances', { mine: '1' })).body.total).toBe(0);
    const linked = await api().post('editInstructor', {
      id: nur,
      name: 'Nur',
      surname: 'Ak',
      branches: [guitar],
      userId: plain.userId,
    });
    expect(linked.status).toBe(200);
    expect(ids((await asPlain().get('getAttendances', { mine: '1' })).body)).toEqual([nurLesson]);
    expect((await asPlain().get('getMyInstructors')).body).toEqual([{ id: nur, name: 'Nur', surname: 'Ak' }]);
  });
});

describe('getMyInstructors', () => {
  it('answers the instructor record the caller teaches under in this organisation', async () => {
    const r = await asTeacher().get('getMyInstructors');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ id: zeki, name: 'Zeki', surname: 'Kaya' }]);
    expect((await orgApi(t, teacher, other.organizationId).get('getMyInstructors')).body).toEqual([
      { id: foreign, name: 'Zeki', surname: 'Kaya' },
    ]);
    expect((await api().get('getMyInstructors')).body).toEqual([]);
  });

  it("is refused outside the caller's organisations", async () => {
    const r = await orgApi(t, plain, other.organizationId).get('getMyInstructors');
    expect(r.status).toBe(403);
  });

  it('drops a deleted instructor, and mine then answers nothing', async () => {
    expect((await api().post('deleteInstructor', { id: zeki })).status).toBe(200);
    expect((await asTeacher().get('getMyInstructors')).body).toEqual([]);
    expect((await asTeacher().get('getAttendances', { mine: '1' })).body.total).toBe(0);
    expect((await api().post('resurrectInstructor', { id: zeki })).status).toBe(200);
    expect((await asTeacher().get('getAttendances', { mine: '1' })).body.total).toBe(2);
  });
});

describe('getScheduleOccurrences by instructor', () => {
  it("answers one instructor's lessons, none for another organisation's instructor", async () => {
    const slot = { startTime: '2026-03-02T15:00:00.000Z', endTime: '2026-03-02T16:00:00.000Z' };
    for (const instructorId of [zeki, nur]) {
      const r = await api().post('addSchedule', { courseId: guitar, scheduleTimes: [slot], instructorId });
      expect(r.status).toBe(200);
    }
    const range = { from: '2026-03-01T00:00:00.000Z', to: '2026-03-09T00:00:00.000Z' };
    expect((await asTeacher().get('getScheduleOccurrences', range)).body).toHaveLength(2);
    const mine = await asTeacher().get('getScheduleOccurrences', { ...range, instructorId: zeki });
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({ instructorId: zeki, start: slot.startTime });
    expect((await api().get('getScheduleOccurrences', { ...range, instructorId: foreign })).body).toEqual([]);
    const bad = await api().get('getScheduleOccurrences', { ...range, instructorId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Eğitmen geçersiz.');
  });
});
