import { describe, expect, it } from 'vitest';
import {
  addEnrollmentPayload,
  availableCourses,
  checkEnrollmentChanges,
  emptyAddEnrollmentForm,
  enrollmentChanges,
  enrollmentDraft,
  periodText,
  refusalReasons,
  tlInput,
} from './enrollment-form';
import { ENROLLMENT, PIANO, STUDENT, course, enrollment } from './enrollment-fixtures';

describe('add enrolment (product.md 5)', () => {
  it('offers only open courses without an active enrolment of the student, in Turkish order', () => {
    const courses = [
      course(PIANO, 'Piyano'),
      course('g', 'Gitar'),
      course('ç', 'Çello'),
      course('d', 'Davul', 'x'),
    ];
    const offered = availableCourses(courses, [
      enrollment(),
      enrollment({ courseId: 'g', active: false }),
    ]).map((c) => c.name);
    expect(offered).toEqual(['Çello', 'Gitar']);
  });

  it('warns "Kurs kaydı eklenemedi: Bilgi eksik" without a course or a price above zero', () => {
    const base = { ...emptyAddEnrollmentForm(), courseId: PIANO, price: '100' };
    const missing = { ok: false, message: 'Kurs kaydı eklenemedi: Bilgi eksik' };
    expect(addEnrollmentPayload(STUDENT, { ...base, courseId: '' })).toEqual(missing);
    expect(addEnrollmentPayload(STUDENT, { ...base, price: '' })).toEqual(missing);
    expect(addEnrollmentPayload(STUDENT, { ...base, price: '0' })).toEqual(missing);
    expect(addEnrollmentPayload(STUDENT, { ...base, price: 'yüz' })).toEqual(missing);
  });

  it('sends a per_class enrolment starting now, and a periodic one with its period and days', () => {
    expect(
      addEnrollmentPayload(STUDENT, { ...emptyAddEnrollmentForm(), courseId: PIANO, price: ' 1.500,50 ' }),
    ).toEqual({
      ok: true,
      payload: {
        studentId: STUDENT,
        courseId: PIANO,
        price: '1.500,50',
        enrollmentType: 'per_class',
        isOfficial: false,
      },
    });
    const periodic = addEnrollmentPayload(STUDENT, {
      ...emptyAddEnrollmentForm(),
      courseId: PIANO,
      price: '2000',
      discount: '100',
      enrollmentType: 'periodic',
      periodUnit: 'week',
      periodLength: '2',
      classesPerPeriod: '4',
      startDate: new Date(2025, 2, 3),
      endDate: null,
      isOfficial: true,
    });
    expect(periodic).toEqual({
      ok: true,
      payload: {
        studentId: STUDENT,
        courseId: PIANO,
        price: '2000',
        discount: '100',
        enrollmentType: 'periodic',
        isOfficial: true,
        periodUnit: 'week',
        periodLength: '2',
        classesPerPeriod: '4',
        startDate: '2025-03-03',
      },
    });
  });

  it('refuses a discount above the price with the prefix of api.md 8.3', () => {
    const r = addEnrollmentPayload(STUDENT, {
      ...emptyAddEnrollmentForm(),
      courseId: PIANO,
      price: '100',
      discount: '200',
    });
    expect(r).toEqual({
      ok: false,
      message: 'Kurs kaydı eklenemedi: İndirim sıfırdan küçük ve fiyattan büyük olamaz.',
    });
  });
});

describe('registration edit draft (product.md 3 and 5)', () => {
  it('starts unchanged and sends only what changed', () => {
    const e = enrollment();
    const draft = enrollmentDraft(e);
    expect(draft).toMatchObject({ newPrice: '100', newEndDate: null, newIsOfficial: false });
    expect(enrollmentChanges(e, draft)).toEqual({});
    // the same day picked again is no change; another day is sent as a calendar day
    expect(enrollmentChanges(e, { ...draft, newStartDate: new Date(2025, 2, 1) })).toEqual({});
    expect(
      enrollmentChanges(e, {
        ...draft,
        newPrice: '120,50',
        newStartDate: new Date(2025, 1, 20),
        newIsOfficial: true,
      }),
    ).toEqual({ price: '120,50', startDate: '2025-02-20', isOfficial: true });
    expect(enrollmentChanges(e, { ...draft, newEndDate: new Date(2025, 5, 1) })).toEqual({
      endDate: '2025-06-01',
    });
    expect(
      enrollmentChanges(enrollment({ endDate: '2025-06-01T00:00:00.000Z', active: false }), {
        ...draft,
        newEndDate: null,
      }),
    ).toEqual({
      endDate: null,
    });
    // period fields count only for periodic enrolments
    expect(enrollmentChanges(e, { ...draft, newPeriodLength: '3' })).toEqual({});
    const p = enrollment({
      enrollmentType: 'periodic',
      periodUnit: 'month',
      periodLength: 1,
      classesPerPeriod: 4,
    });
    expect(
      enrollmentChanges(p, { ...enrollmentDraft(p), newPeriodUnit: 'week', newClassesPerPeriod: '' }),
    ).toEqual({
      periodUnit: 'week',
      classesPerPeriod: null,
    });
  });

  it('checks the limits with the shared schema and reads the server reasons under the title', () => {
    expect(checkEnrollmentChanges(ENROLLMENT, { price: '0' })).toEqual([
      'Fiyat 1 ile 999999999 TL arasında olmalıdır.',
    ]);
    expect(checkEnrollmentChanges(ENROLLMENT, { price: '250' })).toEqual([]);
    expect(checkEnrollmentChanges(ENROLLMENT, { periodLength: '0' })).toHaveLength(1);
    expect(
      refusalReasons(
        'Güncelleme yapılamadı.\nKurs kayıt başlangıcı öğrencinin kurum kaydından önce olamaz.\nBaşlangıç zamanı bitiş zamanından sonra olamaz.',
      ),
    ).toEqual([
      'Kurs kayıt başlangıcı öğrencinin kurum kaydından önce olamaz.',
      'Başlangıç zamanı bitiş zamanından sonra olamaz.',
    ]);
    expect(refusalReasons('Bağlantı hatası')).toEqual(['Bağlantı hatası']);
  });

  it('writes amounts back as typed TL and periods in Turkish', () => {
    expect(tlInput(150050)).toBe('1500,50');
    expect(tlInput(10000)).toBe('100');
    expect(tlInput(-2505)).toBe('-25,05');
    expect(
      periodText(
        enrollment({ enrollmentType: 'periodic', periodUnit: 'month', periodLength: 1, classesPerPeriod: 4 }),
      ),
    ).toBe('Her 1 ay, dönem başına 4 ders');
    expect(periodText(enrollment())).toBe('');
  });
});
