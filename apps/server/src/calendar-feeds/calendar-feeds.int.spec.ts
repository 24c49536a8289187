import ICAL from 'ical.js';
import request from 'supertest';
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
const students: string[] = [];
const tckn = tcknSource(83);
const api = () => orgApi(t, owner);
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
// Lessons from two days ahead, on the hour, weekly, three times; a one-off drum lesson for the other student.
const first = Math.ceil((Date.now() + 2 * 24 * HOUR) / HOUR) * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
let weekly: string;

interface FeedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
  location: string;
  description: string | null;
  tzid: string | null;
}

/** The feed read back with ical.js, an independent RFC 5545 parser, its own VTIMEZONE registered. */
function parseFeed(text: string): { name: string; events: FeedEvent[] } {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const events = cal.getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      location: e.location,
      description: e.description ?? null,
      tzid: (c.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null,
    };
  });
  return { name: String(cal.getFirstPropertyValue('x-wr-calname')), events };
}

/** supertest buffers text/* answers into `text`. */
async function fetchFeed(path: string) {
  const r = await request(t.http).get(path);
  return { status: r.status, headers: r.headers, body: r.text };
}

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
  for (const [name, course] of [
    ['Ali', guitar],
    ['Can', drums],
  ] as const) {
    const r = await api().post('registerStudent', studentBody(tckn(), { name, surname: 'Kaya', regY: 2025 }));
    students.push(r.body.id);
    await api().post('addEnrollment', {
      studentId: r.body.id,
      courseId: course,
      price: 200,
      startDate: '2025-03-01',
    });
  }
  group = (await api().post('createClass', { courseId: guitar, title: 'Gitar A' })).body.id;
  await api().post('editClassMembers', { id: group, studentIds: [students[0]] });
  const w = await api().post('addSchedule', {
    courseId: guitar,
    title: 'Akşam',
    scheduleType: 'periodic',
    scheduleTimes: [{ startTime: iso(first), endTime: iso(first + HOUR) }],
    periodLength: 1,
    periodUnit: 'week',
    repeatCount: 3,
    classes: [{ classId: group }],
  });
  expect(w.status).toBe(200);
  weekly = w.body.id;
  const one = await api().post('addSchedule', {
    courseId: drums,
    scheduleTimes: [{ startTime: iso(first + 2 * HOUR), endTime: iso(first + 3 * HOUR) }],
    students: [{ studentId: students[1] }],
  });
  expect(one.status).toBe(200);
});
afterAll(async () => t?.close());

describe('calendar feeds', () => {
  it("serves a group's lessons as RFC 5545 events with stable UIDs, read back by ical.js", async () => {
    const r = await api().post('rotateCalendarFeed', { kind: 'class', ownerId: group });
    expect(r.status).toBe(200);
    expect(r.body.path).toBe(`/api/v1/calendar/${r.body.token}.ics`);
    const res = await fetchFeed(r.body.path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const feed = parseFeed(res.body);
    expect(feed.events.map((e) => [e.uid, e.start, e.end])).toEqual(
      [0, 1, 2].map((i) => [`${weekly}.0.${i}@okul`, iso(first + i * WEEK), iso(first + i * WEEK + HOUR)]),
    );
    expect(feed.events[0]).toMatchObject({
      summary: 'Gitar · Akşam',
      description: 'Grup: Gitar A',
      tzid: 'Europe/Istanbul',
    });
    expect(feed.events[0].location).toContain('Kadıköy, İstanbul');
    expect(feed.name).toContain('Gitar A');

    // moving the lesson an hour later keeps each event's UID: subscribers update instead of duplicating
    await api().post('updateScheduleDetails', {
      scheduleId: weekly,
      scheduleTimes: [{ startTime: iso(first + HOUR), endTime: iso(first + 2 * HOUR) }],
    });
    const moved = parseFeed((await fetchFeed(r.body.path)).body);
    expect(moved.events.map((e) => [e.uid, e.start])).toEqual(
      [0, 1, 2].map((i) => [`${weekly}.0.${i}@okul`, iso(first + HOUR + i * WEEK)]),
    );
  });

  it("a student's feed holds their group's lessons; the organisation's holds every lesson", async () => {
    const ali = (await api().post('rotateCalendarFeed', { kind: 'student', ownerId: students[0] })).body;
    const can = (await api().post('rotateCalendarFeed', { kind: 'student', ownerId: students[1] })).body;
    const org = (await api().post('rotateCalendarFeed', { kind: 'organization' })).body;
    const summaries = async (path: string) =>
      parseFeed((await fetchFeed(path)).body).events.map((e) => e.summary);
    expect(await summaries(ali.path)).toEqual(['Gitar · Akşam', 'Gitar · Akşam', 'Gitar · Akşam']);
    expect(await summaries(can.path)).toEqual(['Davul']);
    expect((await summaries(org.path)).sort()).toEqual([
      'Davul',
      'Gitar · Akşam',
      'Gitar · Akşam',
      'Gitar · Akşam',
    ]);
    const list = await api().get('getCalendarFeeds');
    expect(list.status).toBe(200);
    expect(list.body.map((f: { kind: string }) => f.kind).sort()).toEqual([
      'class',
      'organization',
      'student',
      'student',
    ]);
  });

  it('rotating or revoking stops the old URL at once; only admins of the organisation manage feeds', async () => {
    const a = (await api().post('rotateCalendarFeed', { kind: 'class', ownerId: group })).body;
    const b = (await api().post('rotateCalendarFeed', { kind: 'class', ownerId: group })).body;
    expect((await fetchFeed(a.path)).status).toBe(404);
    expect((await fetchFeed(b.path)).status).toBe(200);
    expect((await api().post('revokeCalendarFeed', { kind: 'class', ownerId: group })).status).toBe(200);
    const gone = await fetchFeed(b.path);
    expect(gone.status).toBe(404);
    expect((await api().post('revokeCalendarFeed', { kind: 'class', ownerId: group })).body.error).toBe(
      'Takvim bağlantısı bulunamadı.',
    );
    expect((await fetchFeed('/api/v1/calendar/nothing.ics')).status).toBe(404);

    const bad = await api().post('rotateCalendarFeed', { kind: 'class' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Takvim bağlantısı bilgileri eksik veya hatalı.');
    // another organisation's group is not found; the instructor and the other owner may not manage feeds
    expect(
      (await orgApi(t, other).post('rotateCalendarFeed', { kind: 'class', ownerId: group })).status,
    ).toBe(404);
    expect((await orgApi(t, other, owner.organizationId).get('getCalendarFeeds')).status).toBe(403);
    expect(
      (await orgApi(t, instructor, owner.organizationId).post('rotateCalendarFeed', { kind: 'organization' }))
        .status,
    ).toBe(403);

    const logs = (await api().post('requestOrgLogs', { limit: 50 })).body.logs as Array<{
      action: string;
      details: Record<string, unknown>;
    }>;
    const rotated = logs.find((l) => l.action === 'rotate_calendar_feed')!;
    expect(JSON.stringify(rotated.details)).not.toContain(b.token);
    expect(logSentence('revoke_calendar_feed', { kind: 'class' })).toBe(
      'Bir grup için takvim bağlantısını kapattı.',
    );
  });
});

describe("an instructor's calendar feed", () => {
  it('lists only the lessons naming the instructor; an unknown or foreign instructor has no feed', async () => {
    const zeki = (await api().post('addInstructor', { name: 'Zeki', surname: 'Er', branches: [guitar] })).body
      .id as string;
    const own = await api().post('addSchedule', {
      courseId: guitar,
      title: 'Zeki dersi',
      scheduleTimes: [{ startTime: iso(first + 5 * HOUR), endTime: iso(first + 6 * HOUR) }],
      instructorId: zeki,
    });
    expect(own.status).toBe(200);
    const feed = await api().post('rotateCalendarFeed', { kind: 'instructor', ownerId: zeki });
    expect(feed.status).toBe(200);
    const parsed = parseFeed((await fetchFeed(feed.body.path)).body);
    expect(parsed.events.map((e) => [e.uid, e.summary])).toEqual([
      [`${own.body.id}.0.0@okul`, 'Gitar · Zeki dersi'],
    ]);
    expect(parsed.name).toContain('Eğitmen');

    const piano = await addCourse(t, other, 'Piyano');
    const foreign = (
      await orgApi(t, other).post('addInstructor', { name: 'Nur', surname: 'Ak', branches: [piano] })
    ).body.id as string;
    for (const ownerId of [foreign, students[0]]) {
      const r = await api().post('rotateCalendarFeed', { kind: 'instructor', ownerId });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('Takvimi istenen kayıt bulunamadı.');
    }
    expect(logSentence('rotate_calendar_feed', { kind: 'instructor' })).toContain('Bir eğitmen');
  });
});
