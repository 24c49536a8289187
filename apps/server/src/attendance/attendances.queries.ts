import { Inject, Injectable } from '@nestjs/common';
import { DomainError, dateInputSchema, message, type AttendeeLookup } from '@okul/domain';
import {
  isActiveInstructor,
  readAttendancesPageJson,
  readInstructorsOfUser,
  readStudentEnrollments,
  type AttendancesFilter,
  type Db,
} from '@okul/projections';
import { z } from 'zod';
import { DB } from '../infra/tokens';

const count = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: message('common.badRequest') })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: message('common.badRequest') })
    .optional()
    .transform((n) => n ?? fallback);

const day = dateInputSchema(message('attendance.dateInvalid')).optional();

/**
 * GET getAttendances query. api.md 9.4: the list shows 100 rows a page; a large institution has tens of
 * thousands of attendances, so the server pages and searches (docs/DECISIONS.md): `q` (product.md 2: course,
 * instructor (Diğer when none), attendance code, date dd.MM.yyyy, time, student numbers), `courseId`, `studentId`, `instructorId` (`none`:
 * Diğer), `mine=1` (the lessons of the instructor linked to the caller in this organisation; none when no
 * instructor is linked), `id` (the detail), `from`/`to` (lesson time, to exclusive), `limit` (1-1000, default
 * 100), `offset`.
 */
export const getAttendancesQuerySchema = z.strictObject({
  q: z.string().max(200).optional(),
  courseId: z.uuid({ error: message('course.notFound') }).optional(),
  studentId: z.uuid({ error: message('student.notFound') }).optional(),
  instructorId: z
    .union([z.uuid({ error: message('attendance.instructorInvalid') }), z.literal('none')])
    .optional(),
  mine: z.enum(['0', '1'], { error: message('common.badRequest') }).optional(),
  id: z.uuid({ error: message('attendance.notFound') }).optional(),
  from: day,
  to: day,
  limit: count(1, 1000, 100),
  offset: count(0, 10_000_000, 0),
});
export type GetAttendancesQuery = z.output<typeof getAttendancesQuerySchema>;

/** Reads of the attendances read model, through the projection's reader. */
@Injectable()
export class AttendancesQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * The reader's filter of a parsed query for the caller: `mine=1` becomes the ids of the instructors linked
   * to `userId` in this organisation (docs/DECISIONS.md, my lessons), so a cached page is keyed by those.
   */
  async filter(
    organizationId: string,
    userId: string,
    query: GetAttendancesQuery,
  ): Promise<AttendancesFilter> {
    const { mine, ...rest } = query;
    if (mine !== '1') return rest;
    const linked = await readInstructorsOfUser(this.db, organizationId, userId);
    return { ...rest, instructorIds: linked.map((i) => i.id) };
  }

  /** getAttendances as JSON text: `{ attendances, total, limit, offset }`, newest lesson first. */
  pageJson(organizationId: string, filter: AttendancesFilter): Promise<string> {
    return readAttendancesPageJson(this.db, organizationId, filter);
  }

  /**
   * The Eğitmen of a new or changed attendance: an active instructor of this organisation (null is Diğer).
   * Attendances stored earlier with an id that is no instructor keep it and read as Diğer.
   */
  async requireInstructor(organizationId: string, instructorId: string | null): Promise<void> {
    if (instructorId !== null && !(await isActiveInstructor(this.db, organizationId, instructorId)))
      throw new DomainError('attendance.instructorUnknown');
  }

  /** What the attendance rule needs of each attendee (product.md 5): their enrolments and a label. */
  attendees(organizationId: string, studentIds: string[]): Promise<AttendeeLookup> {
    return readStudentEnrollments(this.db, organizationId, studentIds);
  }
}
