/** One student as getDashboard names them (apps/server/src/students/dashboard.service.ts). */
export interface DashboardStudent {
  studentId: string;
  studentNumber: number;
  name: string;
  surname: string;
  phone: string | null;
  parent1Phone: string | null;
  parent2Phone: string | null;
}

/** A course a student owes for (api.md 9.3); money in integer kuruş (docs/DECISIONS.md). */
export interface DuePayment extends DashboardStudent {
  courseId: string;
  courseName: string | null;
  owed: number;
  nextLessonsDebt: number;
}

export interface BirthdayStudent extends DashboardStudent {
  dobD: number | null;
  dobM: number | null;
  dobY: number | null;
  age: number | null;
  isToday: boolean;
}

/** GET getDashboard: Ana Sayfa. `duePayments`/`totalOwed` are null below school-admin (product.md 6). */
export interface Dashboard {
  now: string;
  duePayments: DuePayment[] | null;
  totalOwed: number | null;
  birthdaysToday: BirthdayStudent[];
  birthdaysThisWeek: BirthdayStudent[];
  studentsWithoutEnrollment: Array<DashboardStudent & { createdAt: string }>;
}

const DAY_MS = 86_400_000;

/** api.md 9.4 statistics: lesson counts for the last 30 and 365 days. */
export const LESSON_COUNT_DAYS = [30, 365] as const;

/**
 * A statistics range as getAttendances takes it: the last `days` days up to now (`from` inclusive, `to`
 * exclusive, so lessons planned ahead are not counted).
 */
export function lessonCountRange(now: Date, days: number): { from: string; to: string } {
  return { from: new Date(now.getTime() - days * DAY_MS).toISOString(), to: now.toISOString() };
}

/** "5 Mart" style birthday of the Turkish calendar (api.md 9.4 locale), empty when unknown. */
const MONTHS_TR = [
  'Ocak',
  'Şubat',
  'Mart',
  'Nisan',
  'Mayıs',
  'Haziran',
  'Temmuz',
  'Ağustos',
  'Eylül',
  'Ekim',
  'Kasım',
  'Aralık',
];

export function birthdayText(b: Pick<BirthdayStudent, 'dobD' | 'dobM'>): string {
  if (!b.dobD || !b.dobM || b.dobM < 1 || b.dobM > 12) return '';
  return `${b.dobD} ${MONTHS_TR[b.dobM - 1]}`;
}
