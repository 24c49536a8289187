import { z } from 'zod';
import { isoDateTime, kurus } from '../shared/answers';
import { ENROLLMENT_TYPES } from '../enrollments/schemas';
import { CONSENT_STATUSES } from './schemas';

/** getStudents: an active course of the Aktif kurslar column (price and discount null below school-admin). */
export const activeCourseSchema = z.object({
  enrollmentId: z.string(),
  courseId: z.string(),
  courseName: z.string().nullable(),
  price: kurus.nullable(),
  discount: kurus.nullable(),
  enrollmentType: z.enum(ENROLLMENT_TYPES),
});
export type ActiveCourse = z.infer<typeof activeCourseSchema>;

/** getStudents: every enrolment of the student, dates only. */
export const studentEnrollmentDatesSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
});
export type StudentEnrollmentDates = z.infer<typeof studentEnrollmentDatesSchema>;

/** getStudents?view=list: one row of the Öğrenciler table (docs/DECISIONS.md). */
export const studentListRowSchema = z.object({
  id: z.string(),
  DBID: z.string(),
  studentNumber: z.number(),
  name: z.string(),
  surname: z.string(),
  dobD: z.number().nullable(),
  dobM: z.number().nullable(),
  dobY: z.number().nullable(),
  regD: z.number().nullable(),
  regM: z.number().nullable(),
  regY: z.number().nullable(),
  TCKN: z.string().nullable(),
  createdAt: isoDateTime,
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  editedAt: isoDateTime.nullable(),
  editedBy: z.string().nullable(),
  editedByName: z.string().nullable(),
  /** Set on soft-deleted students (restorable from the detail page). */
  deletedAt: isoDateTime.nullable(),
  /** product.md 4: at least one active enrolment. */
  active: z.boolean(),
  activeCourses: z.array(activeCourseSchema),
  enrollments: z.array(studentEnrollmentDatesSchema),
});
export type StudentListRow = z.infer<typeof studentListRowSchema>;

const consent = z.enum(CONSENT_STATUSES).nullable();

/** getStudents (full view): the Student entity of product.md 3 plus the list fields. */
export const studentSchema = studentListRowSchema.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  studentPhoneOptInStatus: consent,
  studentPhoneConsentDate: z.string().nullable(),
  address: z.string().nullable(),
  pob: z.string().nullable(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  parent1Name: z.string().nullable(),
  parent1Phone: z.string().nullable(),
  parent1Job: z.string().nullable(),
  parent2Name: z.string().nullable(),
  parent2Phone: z.string().nullable(),
  parent2Job: z.string().nullable(),
  parent1PhoneOptInStatus: consent,
  parent1PhoneConsentDate: z.string().nullable(),
  parent2PhoneOptInStatus: consent,
  parent2PhoneConsentDate: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Student = z.infer<typeof studentSchema>;

/** getStudents answers the full rows, or the list rows with `view=list`. */
export const studentsAnswerSchema = z.array(z.union([studentSchema, studentListRowSchema]));

/** A student write names the student and their number (product.md 3: numbers are given by the server). */
export const studentWrittenSchema = z.object({ id: z.string(), studentNumber: z.number().optional() });

/** getStudentBalances: one course (kuruş; balancePerCourse positive = prepaid). */
export const courseBalanceRowSchema = z.object({
  courseId: z.string(),
  courseName: z.string().nullable(),
  charged: kurus,
  paid: kurus,
  owed: kurus,
  balancePerCourse: kurus,
  due: z.boolean(),
  nextLessonsDebt: kurus.nullable(),
});
export type CourseBalanceRow = z.infer<typeof courseBalanceRowSchema>;

/** getStudentBalanceSheet: one balance event (amount: charges negative, payments positive). */
export const balanceSheetRowSchema = z.object({
  type: z.enum(['attendance', 'payment', 'periodic_charge']),
  courseID: z.string(),
  amount: kurus,
  timestamp: isoDateTime,
  rollingBalance: kurus,
  sourceId: z.string(),
  enrollmentId: z.string().nullable(),
});
export type BalanceSheetRow = z.infer<typeof balanceSheetRowSchema>;

/** getStudentAttended: each lesson attended, with the price it charges under the enrolment of that time. */
export const attendedRowSchema = z.object({
  attendanceId: z.string(),
  courseId: z.string(),
  courseName: z.string().nullable(),
  timestamp: isoDateTime,
  enrollmentId: z.string().nullable(),
  price: kurus,
  charged: z.boolean(),
});

/** One student as getDashboard names them. */
export const dashboardStudentSchema = z.object({
  studentId: z.string(),
  studentNumber: z.number(),
  name: z.string(),
  surname: z.string(),
  phone: z.string().nullable(),
  parent1Phone: z.string().nullable(),
  parent2Phone: z.string().nullable(),
});
export type DashboardStudent = z.infer<typeof dashboardStudentSchema>;

/** A course a student owes for (api.md 9.3); money in integer kuruş (docs/DECISIONS.md). */
export const dueStudentPaymentSchema = dashboardStudentSchema.extend({
  courseId: z.string(),
  courseName: z.string().nullable(),
  owed: kurus,
  nextLessonsDebt: kurus,
});
export type DueStudentPayment = z.infer<typeof dueStudentPaymentSchema>;

export const birthdayStudentSchema = dashboardStudentSchema.extend({
  dobD: z.number().nullable(),
  dobM: z.number().nullable(),
  dobY: z.number().nullable(),
  age: z.number().nullable(),
  isToday: z.boolean(),
});
export type BirthdayStudent = z.infer<typeof birthdayStudentSchema>;

/** GET getDashboard: Ana Sayfa. `duePayments`/`totalOwed` are null below school-admin (product.md 6). */
export const dashboardSchema = z.object({
  now: isoDateTime,
  duePayments: z.array(dueStudentPaymentSchema).nullable(),
  totalOwed: kurus.nullable(),
  birthdaysToday: z.array(birthdayStudentSchema),
  birthdaysThisWeek: z.array(birthdayStudentSchema),
  studentsWithoutEnrollment: z.array(dashboardStudentSchema.extend({ createdAt: isoDateTime })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
