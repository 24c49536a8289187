import { Inject, Injectable } from '@nestjs/common';
import { balanceValidUntil, computeBalance, type BalanceResult } from '@okul/domain';
import { readBalanceInput, type Db } from '@okul/projections';
import { DB } from '../infra/tokens';
import { StudentsQueries } from './students.queries';

/**
 * The per-student balance calls (api.md 7.3 getStudentAttended, getStudentBalances, getStudentBalanceSheet):
 * the student's rows from the balances read model, run through the pure calculator at the request's time.
 */
@Injectable()
export class BalancesService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(StudentsQueries) private readonly students: StudentsQueries,
  ) {}

  async balance(organizationId: string, studentId: string, now: Date): Promise<BalanceResult> {
    await this.students.requireStudent(organizationId, studentId);
    const input = await readBalanceInput(this.db, organizationId, studentId);
    return computeBalance({ ...input, now: now.toISOString() });
  }

  async attended(organizationId: string, studentId: string, now: Date) {
    const [b, names] = await Promise.all([
      this.balance(organizationId, studentId, now),
      this.students.courseNames(organizationId),
    ]);
    return b.attendedWithPrices.map((a) => ({ ...a, courseName: names.get(a.courseId) ?? null }));
  }

  /** Per course: charged, paid, owed (charges − payments) and balancePerCourse (payments − charges), in kuruş. */
  async perCourse(organizationId: string, studentId: string, now: Date) {
    const [b, names] = await Promise.all([
      this.balance(organizationId, studentId, now),
      this.students.courseNames(organizationId),
    ]);
    return courseBalanceRows(b, names);
  }

  /** The balance sheet at `now`, and until when it holds while the student's rows stay as they are. */
  async sheet(organizationId: string, studentId: string, now: Date) {
    await this.students.requireStudent(organizationId, studentId);
    const input = await readBalanceInput(this.db, organizationId, studentId);
    const at = now.toISOString();
    return {
      rows: computeBalance({ ...input, now: at }).balanceSheet,
      validUntil: balanceValidUntil(input.enrollments, at),
    };
  }
}

/** getStudentBalances' rows out of a computed balance: per course, with its name and whether it is due. */
export function courseBalanceRows(b: BalanceResult, names: ReadonlyMap<string, string>) {
  const due = new Map(b.duePayments.map((d) => [d.courseId, d]));
  return b.owedPerCourse.map((c) => ({
    ...c,
    courseName: names.get(c.courseId) ?? null,
    due: due.has(c.courseId),
    nextLessonsDebt: due.get(c.courseId)?.nextLessonsDebt ?? null,
  }));
}
