import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { logSentence } from '../logs/sentences';
import { studentDecider, type StudentCommand, type StudentEvent } from './decider';
import { ORG, OTHER_ORG, STUDENT, USER, studentInput } from './fixtures';
import {
  anonymisedEventData,
  anonymisedListedPersonalData,
  erasedStudentName,
  isErasedStudent,
  listedPersonalDataOwners,
  personalDataOwner,
  splitPersonalData,
  studentPersonalFields,
} from './personal-data';

const T0 = '2025-09-15T07:00:00.000Z';
const T1 = '2025-10-01T08:00:00.000Z';
const ids = { studentId: STUDENT, organizationId: ORG };
const registered: StudentEvent = {
  type: 'StudentRegistered',
  data: {
    ...ids,
    studentNumber: 25001,
    ...studentInput,
    studentPhoneConsentDate: null,
    parent1PhoneConsentDate: T0,
    parent2PhoneConsentDate: null,
    createdBy: USER,
    createdAt: T0,
  },
};
const erase = (confirmation = '25001', organizationId = ORG): StudentCommand => ({
  type: 'EraseStudentPersonalData',
  ...ids,
  organizationId,
  userId: USER,
  now: T1,
  confirmation,
});
const erased: StudentEvent = {
  type: 'StudentPersonalDataErased',
  data: { ...ids, studentNumber: 25001, erasedBy: USER, erasedAt: T1 },
};

describe('the personal fields of a student (KVKK)', () => {
  it('lists names, TCKN, phones, e-mail, address and the parents for the student events, and the TCKN of a reservation', () => {
    for (const type of ['StudentRegistered', 'StudentEdited']) {
      expect(studentPersonalFields(type)).toEqual(
        expect.arrayContaining([
          'name',
          'surname',
          'TCKN',
          'email',
          'phone',
          'address',
          'parent1Name',
          'parent1Phone',
          'parent2Name',
          'parent2Phone',
        ]),
      );
      expect(studentPersonalFields(type)).not.toContain('studentNumber');
      expect(studentPersonalFields(type)).not.toContain('regY');
    }
    expect(studentPersonalFields('TcknReserved')).toEqual(['tckn']);
    expect(studentPersonalFields('PaymentAdded')).toBeNull();
    expect(studentPersonalFields('StudentPersonalDataErased')).toBeNull();
    expect(studentPersonalFields('toString')).toBeNull();
  });

  it('names the student whose key protects an event', () => {
    expect(personalDataOwner('StudentRegistered', registered.data)).toEqual(ids);
    expect(personalDataOwner('TcknReserved', { ...ids, tckn: '10000000146' })).toEqual(ids);
    expect(personalDataOwner('PaymentAdded', { ...ids })).toBeNull();
  });

  it('splits the personal fields from the rest', () => {
    const { personal, rest } = splitPersonalData('StudentRegistered', registered.data as never);
    expect(personal.name).toBe('Ayşe');
    expect(personal.TCKN).toBe('10000000146');
    expect(rest.name).toBeUndefined();
    expect(rest.studentNumber).toBe(25001);
    expect({ ...rest, ...personal }).toEqual(registered.data);
  });

  it('anonymises the personal fields only: the name shows the number, the rest is empty', () => {
    const a = anonymisedEventData('StudentRegistered', registered.data as never) as Record<string, unknown>;
    expect(a.name).toBe('Silinmiş öğrenci #25001');
    expect(erasedStudentName(25001)).toBe('Silinmiş öğrenci #25001');
    for (const f of ['surname', 'TCKN', 'address', 'pob']) expect(a[f]).toBe('');
    for (const f of ['email', 'phone', 'parent1Name', 'parent1Phone', 'notes']) expect(a[f]).toBeNull();
    const { personal: _p, rest } = splitPersonalData('StudentRegistered', registered.data as never);
    const { personal: _q, rest: after } = splitPersonalData('StudentRegistered', a);
    expect(after).toEqual(rest);
    expect(JSON.stringify(a)).not.toMatch(/Ayşe|Yılmaz|10000000146|5321234567|ornek|Kadıköy/);
    expect(anonymisedEventData('AttendanceAdded', { x: 1 })).toEqual({ x: 1 });
    expect(isErasedStudent({ ...(a as { name: string; TCKN: string }), studentNumber: 25001 })).toBe(true);
    expect(isErasedStudent({ name: 'Ayşe', TCKN: '10000000146', studentNumber: 25001 })).toBe(false);
  });
});

describe('erasing a student under KVKK', () => {
  it('records the erasure with the number and no personal field', () => {
    given(studentDecider, [registered]).when(erase()).then([erased]);
    expect(JSON.stringify(erased)).not.toMatch(/Ayşe|Yılmaz|10000000146/);
  });

  it('asks for the student number typed as confirmation', () => {
    given(studentDecider, [registered]).when(erase('25002')).thenThrows('student.eraseConfirmMismatch');
    given(studentDecider, [registered]).when(erase(' 25001 ')).then([erased]);
  });

  it('answers nothing when already erased, so a retry only shreds the key again', () => {
    given(studentDecider, [registered, erased]).when(erase()).then([]);
  });

  it('keeps the anonymised fields in the state and refuses an edit that would bring data back', () => {
    const g = given(studentDecider, [registered, erased]);
    expect(g.state.status).toBe('active');
    if (g.state.status === 'none') throw new Error('unreachable');
    expect(g.state.fields.name).toBe('Silinmiş öğrenci #25001');
    expect(g.state.fields.TCKN).toBe('');
    expect(g.state.fields.regY).toBe(2025);
    g.when({ type: 'EditStudent', ...ids, userId: USER, now: T1, input: studentInput }).thenThrows(
      'student.erased',
    );
  });

  it('is logged in İşlem Dökümü by the student number, never by a name', () => {
    const details = { studentDbId: STUDENT, studentNumber: 25001, studentName: 'Silinmiş öğrenci #25001' };
    expect(logSentence('erase_student_personal_data', details)).toBe(
      '25001 numaralı öğrencinin kişisel verilerini sildi (KVKK).',
    );
    expect(logSentence('erase_student_personal_data_failed', { reason: 'x' })).toContain(
      'Kişisel veri silme',
    );
  });

  it('treats a student of another organisation as absent', () => {
    given(studentDecider, [registered]).when(erase('25001', OTHER_ORG)).thenThrows('student.notFound');
    given(studentDecider, []).when(erase()).thenThrows('student.notFound');
  });
});

describe('personal data listed for several students in one event (an SMS campaign)', () => {
  const OTHER = '00000000-0000-4000-8000-0000000000bb';
  const message = (studentId: string, dest: string, msg: string) => ({
    messageCustomId: dest.slice(-1),
    studentId,
    phoneKind: 'student',
    dest,
    msg,
    size: 1,
    credits: 1,
  });
  const campaign = {
    campaignId: 'c1',
    organizationId: ORG,
    credits: 2,
    messages: [
      message(STUDENT, '905321110001', 'Ayşe, yarın ders yok.'),
      message(OTHER, '905321110002', 'Ali'),
    ],
  };

  it('names each recipient as an owner of its entry', () => {
    expect(listedPersonalDataOwners('SmsCampaignAccepted', campaign)).toEqual([
      { organizationId: ORG, studentId: STUDENT },
      { organizationId: ORG, studentId: OTHER },
    ]);
    expect(listedPersonalDataOwners('SmsCampaignSubmitted', campaign)).toEqual([]);
  });

  it('blanks only the erased student’s phone and text, keeping sizes, credits and the others', () => {
    const out = anonymisedListedPersonalData('SmsCampaignAccepted', campaign, (id) => id === STUDENT);
    expect(out).toEqual({
      ...campaign,
      messages: [{ ...campaign.messages[0], dest: '', msg: '' }, campaign.messages[1]],
    });
    expect(anonymisedListedPersonalData('SmsCampaignAccepted', campaign, () => false)).toBe(campaign);
  });

  it('blanks the erased student’s once-a-day key (it holds the phone number) of the credit reservation', () => {
    const reserved = {
      organizationId: ORG,
      credits: 2,
      keys: ['905321110001:ab', '905321110002:cd'],
      studentIds: [STUDENT, OTHER],
    };
    expect(listedPersonalDataOwners('SmsCreditsReserved', reserved)).toEqual([
      { organizationId: ORG, studentId: STUDENT },
      { organizationId: ORG, studentId: OTHER },
    ]);
    expect(anonymisedListedPersonalData('SmsCreditsReserved', reserved, (id) => id === STUDENT)).toEqual({
      ...reserved,
      keys: ['', '905321110002:cd'],
    });
    // Recorded before the keys named their students: nothing to go by, kept as it is.
    const older = { organizationId: ORG, keys: reserved.keys };
    expect(listedPersonalDataOwners('SmsCreditsReserved', older)).toEqual([]);
    expect(anonymisedListedPersonalData('SmsCreditsReserved', older, () => true)).toBe(older);
  });
});
