import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import { fold } from '../shared/decider';
import { courseDecider, decideCourse, slugify, type CourseEvent } from './decider';
import { addCourseSchema } from './schemas';

const org = 'org-1';
const id = '5f0e2c1a-2b9b-4a51-9a3c-000000000001';
const input = { name: 'Piyano', courseExplanation: 'Bireysel piyano dersi' };
const added: CourseEvent = {
  type: 'CourseAdded',
  data: {
    courseId: id,
    organizationId: org,
    name: 'Piyano',
    courseExplanation: 'Bireysel piyano dersi',
    code: null,
    isGroupCourse: false,
    isPrivateCourse: false,
    index: 0,
    safeName: 'piyano',
  },
};
const given = (events: CourseEvent[]) => fold(courseDecider, events);

describe('course decider', () => {
  it('adds a course at the next index', () => {
    const events = decideCourse(
      { type: 'AddCourse', courseId: id, organizationId: org, input, nextIndex: 3 },
      given([]),
    );
    expect(events).toEqual([{ type: 'CourseAdded', data: { ...added.data, index: 3 } }]);
  });
  it('refuses to add the same course twice', () => {
    expect(() =>
      decideCourse(
        { type: 'AddCourse', courseId: id, organizationId: org, input, nextIndex: 0 },
        given([added]),
      ),
    ).toThrow(DomainError);
  });
  it('soft deletes, then resurrects', () => {
    const deleted = decideCourse(
      { type: 'DeleteCourse', courseId: id, organizationId: org, now: '2026-01-01T00:00:00.000Z' },
      given([added]),
    );
    expect(deleted[0].type).toBe('CourseSoftDeleted');
    expect(() =>
      decideCourse(
        { type: 'DeleteCourse', courseId: id, organizationId: org, now: 'x' },
        given([added, ...deleted]),
      ),
    ).toThrow('Kurs zaten silinmiş.');
    expect(
      decideCourse(
        { type: 'ResurrectCourse', courseId: id, organizationId: org },
        given([added, ...deleted]),
      )[0].type,
    ).toBe('CourseResurrected');
  });
  it('treats a course of another organisation as not found', () => {
    expect(() =>
      decideCourse({ type: 'EditCourse', courseId: id, organizationId: 'org-2', input }, given([added])),
    ).toThrow('Kurs bulunamadı.');
  });
  it('keeps the index on edit unless one is given', () => {
    const [e] = decideCourse(
      { type: 'EditCourse', courseId: id, organizationId: org, input: { ...input, name: 'Keman' } },
      given([{ ...added, data: { ...added.data, index: 7 } }]),
    );
    expect(e.data).toMatchObject({ name: 'Keman', index: 7, safeName: 'keman' });
  });
});

describe('course validation', () => {
  it.each([
    [{ courseExplanation: 'x' }, 'kurs adı eksik'],
    [{ name: '  ', courseExplanation: 'x' }, 'kurs adı eksik'],
    [{ name: 'x' }, 'açıklama eksik'],
    [{ name: 'x'.repeat(501), courseExplanation: 'x' }, 'Kurs adı en fazla 500 karakter olabilir.'],
    [{ name: 'x', courseExplanation: 'x'.repeat(10001) }, 'Açıklama en fazla 10000 karakter olabilir.'],
  ])('refuses %j with "%s"', (body, text) => {
    const r = addCourseSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(text);
  });
  it('refuses unknown fields', () => {
    expect(addCourseSchema.safeParse({ ...input, hack: 1 }).success).toBe(false);
  });
  it('trims names', () => {
    expect(addCourseSchema.parse({ name: ' Gitar ', courseExplanation: ' a ' })).toMatchObject({
      name: 'Gitar',
      courseExplanation: 'a',
    });
  });
});

describe('slugify', () => {
  it.each([
    ['Çocuk Şan Eğitimi', 'cocuk-san-egitimi'],
    ['  --Piyano!! 101 ', 'piyano-101'],
    ['', null],
    [42, null],
  ])('%j -> %j', (input, out) => expect(slugify(input)).toBe(out));
});
