import type {
  BalanceEntryType,
  ConsentStatus,
  EnrollmentPeriodUnit,
  EnrollmentType,
  Kurus,
  PaymentMethod,
} from '@okul/domain';

/** getStudents: an active course of the Aktif kurslar column (price and discount null below school-admin). */
export interface ActiveCourse {
  enrollmentId: string;
  courseId: string;
  courseName: string | null;
  price: Kurus | null;
  discount: Kurus | null;
  enrollmentType: EnrollmentType;
}

/** getStudents: every enrolment of the student, dates only. */
export interface StudentEnrollmentDates {
  id: string;
  courseId: string;
  startDate: string;
  endDate: string | null;
}

/** getStudents?view=list: one row of the Öğrenciler table (docs/DECISIONS.md). */
export interface StudentListRow {
  id: string;
  DBID: string;
  studentNumber: number;
  name: string;
  surname: string;
  dobD: number | null;
  dobM: number | null;
  dobY: number | null;
  regD: number | null;
  regM: number | null;
  regY: number | null;
  TCKN: string | null;
  createdAt: string;
  createdBy: string | null;
  createdByName: string | null;
  editedAt: string | null;
  editedBy: string | null;
  editedByName: string | null;
  /** Set on soft-deleted students (restorable from the detail page). */
  deletedAt: string | null;
  /** product.md 4: at least one active enrolment. */
  active: boolean;
  activeCourses: ActiveCourse[];
  enrollments: StudentEnrollmentDates[];
}

/** getStudents (full view): the Student entity of product.md 3 plus the list fields. */
export interface Student extends StudentListRow {
  email: string | null;
  phone: string | null;
  studentPhoneOptInStatus: ConsentStatus | null;
  studentPhoneConsentDate: string | null;
  address: string | null;
  pob: string | null;
  facebook: string | null;
  instagram: string | null;
  parent1Name: string | null;
  parent1Phone: string | null;
  parent1Job: string | null;
  parent2Name: string | null;
  parent2Phone: string | null;
  parent2Job: string | null;
  parent1PhoneOptInStatus: ConsentStatus | null;
  parent1PhoneConsentDate: string | null;
  parent2PhoneOptInStatus: ConsentStatus | null;
  parent2PhoneConsentDate: string | null;
  notes: string | null;
}

/** getEnrollments?studentId=: the Enrollment entity (money in kuruş) with its course name and state. */
export interface Enrollment {
  id: string;
  courseId: string;
  courseName: string | null;
  studentId: string;
  organizationId: string;
  startDate: string;
  endDate: string | null;
  price: Kurus;
  discount: Kurus;
  enrollmentType: EnrollmentType;
  isOfficial: boolean;
  periodUnit: EnrollmentPeriodUnit | null;
  periodLength: number | null;
  classesPerPeriod: number | null;
  active: boolean;
  createdBy: string | null;
  createdAt: string;
  editedBy: string | null;
  editedAt: string | null;
}

/** getPayments?studentId=: the Payment entity (amount in kuruş); deleted ones carry deletedAt. */
export interface Payment {
  id: string;
  studentId: string;
  organizationId: string;
  courseId: string;
  courseName: string | null;
  amount: Kurus;
  timestamp: string;
  date: string;
  notes: string | null;
  method: PaymentMethod | null;
  referenceCode: string | null;
  isCorrection: boolean;
  createdBy: string | null;
  createdAt: string;
  editedBy: string | null;
  editedAt: string | null;
  deletedAt: string | null;
  deletedBy: string | null;
  isDeleted: boolean;
}

/** getStudentBalances: one course (kuruş; balancePerCourse positive = prepaid). */
export interface CourseBalanceRow {
  courseId: string;
  courseName: string | null;
  charged: Kurus;
  paid: Kurus;
  owed: Kurus;
  balancePerCourse: Kurus;
  due: boolean;
  nextLessonsDebt: Kurus | null;
}

/** getStudentBalanceSheet: one balance event (amount: charges negative, payments positive). */
export interface BalanceSheetRow {
  type: BalanceEntryType;
  courseID: string;
  amount: Kurus;
  timestamp: string;
  rollingBalance: Kurus;
  sourceId: string;
  enrollmentId: string | null;
}

/** getAttendances?studentId=: one lesson (docs/DECISIONS.md: paged, newest first). */
export interface StudentAttendance {
  id: string;
  code: string;
  attendanceNumber: number;
  courseId: string;
  courseName: string | null;
  instructorId: string | null;
  day: number;
  month: number;
  year: number;
  hour: number;
  minute: number;
  timestamp: string;
}

export interface AttendancePage {
  attendances: StudentAttendance[];
  total: number;
  limit: number;
  offset: number;
}
