import { Inject, Injectable } from '@nestjs/common';
import { ROLES, fromLocal, hasRole, isLeapYear, toLocal, type Kurus } from '@okul/domain';
import {
  readCourseNames,
  readDuePaymentsAt,
  readStudentContacts,
  readStudentsWithBirthday,
  readStudentsWithoutEnrollment,
  type Db,
  type StudentContactRow,
} from '@okul/projections';
import { DB } from '../infra/tokens';

type StudentRow = StudentContactRow;

function studentOf(s: StudentRow) {
  return {
    studentId: s.id,
    studentNumber: s.student_number,
    name: s.name,
    surname: s.surname,
    phone: s.phone,
    parent1Phone: s.parent1_phone,
    parent2Phone: s.parent2_phone,
  };
}

const DAY_MS = 86_400_000;

/**
 * The local days (Europe/Istanbul) of the week of `now`, Monday first (api.md 9.4), as month * 100 + day.
 * Someone born on 29 February is celebrated on 28 February in a common year.
 */
export function birthdayKeysOfWeek(now: Date): {
  today: number[];
  week: number[];
  year: number;
  nextDay: number;
} {
  const local = toLocal(now.getTime());
  const noon = Date.UTC(local.year, local.month - 1, local.day, 12);
  const weekday = (new Date(noon).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  const keysOf = (ms: number) => {
    const d = new Date(ms);
    const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    const keys = [m * 100 + day];
    if (m === 2 && day === 28 && !isLeapYear(y)) keys.push(229);
    return keys;
  };
  const week: number[] = [];
  for (let i = 0; i < 7; i++) week.push(...keysOf(noon + (i - weekday) * DAY_MS));
  const tomorrow = new Date(noon + DAY_MS);
  const nextDay = fromLocal({
    year: tomorrow.getUTCFullYear(),
    month: tomorrow.getUTCMonth() + 1,
    day: tomorrow.getUTCDate(),
  });
  return { today: keysOf(noon), week, year: local.year, nextDay };
}

/**
 * Ana Sayfa (product.md 2, /giris/anasayfa): payment tracking (school-admin), birthdays of this week and
 * today, students with no enrolment. Deleted students are left out everywhere.
 */
@Injectable()
export class DashboardService {
  constructor(@Inject(DB) private readonly db: Db) {}

  async dashboard(organizationId: string, roleId: number, now: Date) {
    const keys = birthdayKeysOfWeek(now);
    const [birthdays, withoutEnrollment, due] = await Promise.all([
      readStudentsWithBirthday(this.db, organizationId, keys.week),
      readStudentsWithoutEnrollment(this.db, organizationId),
      // product.md 6: payment tracking is school-admin.
      hasRole(roleId, ROLES.schoolAdmin) ? this.duePayments(organizationId, now) : Promise.resolve(null),
    ]);
    const birthday = (s: StudentRow) => ({
      ...studentOf(s),
      dobD: s.dob_d,
      dobM: s.dob_m,
      dobY: s.dob_y,
      age: s.dob_y === null ? null : keys.year - s.dob_y,
      isToday: keys.today.includes((s.dob_m ?? 0) * 100 + (s.dob_d ?? 0)),
    });
    const week = birthdays.map(birthday);
    return {
      // Until when this answer holds without writes: the next local day (birthdays), or a due change.
      validUntil: Math.min(keys.nextDay, due?.validUntil ?? Number.POSITIVE_INFINITY),
      now: now.toISOString(),
      duePayments: due?.rows ?? null,
      totalOwed: due?.totalOwed ?? null,
      birthdaysToday: week.filter((b) => b.isToday),
      birthdaysThisWeek: week,
      studentsWithoutEnrollment: withoutEnrollment.map((s) => ({
        ...studentOf(s),
        createdAt: new Date(s.created_at).toISOString(),
      })),
    };
  }

  /** api.md 9.3: every (student, course) owing zero or more, with names; biggest debts first. */
  private async duePayments(organizationId: string, now: Date) {
    const { due, validUntil } = await readDuePaymentsAt(this.db, organizationId, now.toISOString());
    const ids = [...new Set(due.map((d) => d.studentId))];
    const [students, courseName] = await Promise.all([
      readStudentContacts(this.db, organizationId, ids),
      readCourseNames(this.db, organizationId),
    ]);
    const byId = new Map(students.map((s) => [s.id, s]));
    const rows = due
      .filter((d) => byId.has(d.studentId))
      .map((d) => ({
        ...studentOf(byId.get(d.studentId)!),
        courseId: d.courseId,
        courseName: courseName.get(d.courseId) ?? null,
        owed: d.owed,
        nextLessonsDebt: d.nextLessonsDebt,
      }))
      .sort(
        (a, b) =>
          b.owed - a.owed ||
          a.studentNumber - b.studentNumber ||
          (a.courseName ?? '').localeCompare(b.courseName ?? ''),
      );
    const totalOwed: Kurus = rows.reduce((sum, r) => sum + Math.max(0, r.owed), 0);
    return { rows, totalOwed, validUntil };
  }
}
