import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type LinkedUserCheck } from '@okul/domain';
import {
  isActiveInstructor,
  readEmployees,
  readInstructorsOfUser,
  readLinkedUserCheck,
  readPublicInstructors,
  readWagesOwed,
  unknownCourseIds,
  type Db,
} from '@okul/projections';
import { DB } from '../infra/tokens';

/** The lookups of the employee and instructor use cases, and their reads, through the projection's readers. */
@Injectable()
export class EmployeesQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** An instructor's branches must be courses of this organisation (404 names the first unknown one). */
  async requireCourses(organizationId: string, courseIds: string[]): Promise<void> {
    const unknown = await unknownCourseIds(this.db, organizationId, courseIds);
    if (unknown.length > 0) throw new DomainError('course.notFound', undefined, { courseIds: unknown });
  }

  async userCheck(
    organizationId: string,
    userId: string | null,
    employeeId: string,
  ): Promise<LinkedUserCheck | null> {
    return userId === null ? null : readLinkedUserCheck(this.db, organizationId, userId, employeeId);
  }

  /** api.md 7.3 attendance: an instructor id must be an active instructor of this organisation. */
  async requireActiveInstructor(organizationId: string, instructorId: string): Promise<void> {
    if (!(await isActiveInstructor(this.db, organizationId, instructorId)))
      throw new DomainError('attendance.instructorUnknown');
  }

  instructors(organizationId: string) {
    return readEmployees(this.db, organizationId, { instructorsOnly: true });
  }

  publicInstructors(organizationId: string) {
    return readPublicInstructors(this.db, organizationId);
  }

  /** getMyInstructors: the active instructors of this organisation linked to the signed-in user. */
  instructorsOfUser(organizationId: string, userId: string) {
    return readInstructorsOfUser(this.db, organizationId, userId);
  }

  /** getEmployees: every employee with the wages owed at `now` (earned, paid, outstanding in kuruş). */
  async employeesWithWages(organizationId: string, now: string) {
    const employees = await readEmployees(this.db, organizationId);
    const owed = await readWagesOwed(this.db, organizationId, employees, now);
    return employees.map((e) => ({ ...e, ...(owed.get(e.id) ?? { earned: 0, paid: 0, outstanding: 0 }) }));
  }
}
