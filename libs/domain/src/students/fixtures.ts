/** Shared test data for the student, enrolment, attendance and balance specs (test support, not exported). */
import type { StudentFormValues, StudentInput } from './schemas';

export const ORG = '00000000-0000-4000-8000-0000000000aa';
export const OTHER_ORG = '00000000-0000-4000-8000-0000000000bb';
export const USER = '00000000-0000-4000-8000-0000000000cc';
export const STUDENT = '00000000-0000-4000-8000-000000000001';
export const STUDENT_2 = '00000000-0000-4000-8000-000000000002';
export const COURSE = '00000000-0000-4000-8000-00000000c001';
export const COURSE_2 = '00000000-0000-4000-8000-00000000c002';

/** A complete, valid student form as the client might send it (untrimmed, numbers as text). */
export const studentForm: StudentFormValues = {
  name: ' Ayşe ',
  surname: 'Yılmaz',
  dobD: '5',
  dobM: 3,
  dobY: 2012,
  regD: 15,
  regM: 9,
  regY: 2025,
  TCKN: '10000000146',
  email: ' ayse@ornek.com ',
  phone: '(532) 123 45 67',
  studentPhoneOptInStatus: '',
  address: 'Kadıköy, İstanbul',
  pob: 'İstanbul',
  facebook: '   ',
  parent1Name: 'Fatma Yılmaz',
  parent1Phone: '5331112233',
  parent1PhoneOptInStatus: 'ONAY',
  notes: ' satır 1\nsatır 2 ',
};

/** The same student once parsed. */
export const studentInput: StudentInput = {
  name: 'Ayşe',
  surname: 'Yılmaz',
  dobD: 5,
  dobM: 3,
  dobY: 2012,
  regD: 15,
  regM: 9,
  regY: 2025,
  TCKN: '10000000146',
  email: 'ayse@ornek.com',
  phone: '5321234567',
  studentPhoneOptInStatus: null,
  address: 'Kadıköy, İstanbul',
  pob: 'İstanbul',
  facebook: null,
  instagram: null,
  parent1Name: 'Fatma Yılmaz',
  parent1Phone: '5331112233',
  parent1Job: null,
  parent2Name: null,
  parent2Phone: null,
  parent2Job: null,
  parent1PhoneOptInStatus: 'ONAY',
  parent2PhoneOptInStatus: null,
  notes: 'satır 1\nsatır 2',
};
