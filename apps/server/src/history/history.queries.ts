import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  attendanceStream,
  balanceAsOf,
  courseStream,
  paymentStream,
  recordHistory,
  studentStream,
  type EventStore,
  type RecordHistoryAnswer,
  type RecordKind,
  type StoredEvent,
  type StudentBalanceAsOfAnswer,
} from '@okul/domain';
import {
  readEnrollmentStream,
  readHistoryNames,
  readStudentBalanceStreams,
  type Db,
} from '@okul/projections';
import { DB, EVENT_STORE } from '../infra/tokens';
import { StudentsQueries, courseBalanceRows } from '../students/index';

/** Streams read at once for a balance: a student's few hundred streams without taking every connection. */
const READ_AHEAD = 8;

const STREAMS: Record<Exclude<RecordKind, 'enrollment'>, (id: string) => string> = {
  student: studentStream,
  payment: paymentStream,
  attendance: attendanceStream,
  course: courseStream,
};

/** The ids a stream's events refer to, for their names. */
function referencedIds(events: readonly StoredEvent[]) {
  const users = new Set<string>();
  const students = new Set<string>();
  const courses = new Set<string>();
  const instructors = new Set<string>();
  for (const e of events) {
    if (e.metadata.userId) users.add(e.metadata.userId);
    const d = e.data as Record<string, unknown>;
    if (typeof d.studentId === 'string') students.add(d.studentId);
    if (typeof d.courseId === 'string') courses.add(d.courseId);
    if (typeof d.instructorId === 'string') instructors.add(d.instructorId);
    if (Array.isArray(d.attendants)) for (const a of d.attendants) if (typeof a === 'string') students.add(a);
  }
  return { users: [...users], students: [...students], courses: [...courses], instructors: [...instructors] };
}

/**
 * The auditors' history: a record's versions folded from its own stream (libs/domain/src/history), and a
 * student's balance folded from the streams that made it, both as they stood at a chosen moment. Read-only.
 */
@Injectable()
export class HistoryQueries {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(StudentsQueries) private readonly students: StudentsQueries,
  ) {}

  private async ownStream(organizationId: string, streamId: string): Promise<StoredEvent[]> {
    const events = await this.store.readStream(streamId);
    // Another organisation's record is as good as absent: ids never leak across tenants.
    if (events.length === 0 || events.some((e) => e.metadata.organizationId !== organizationId))
      throw new DomainError('history.notFound');
    return events;
  }

  async recordHistory(
    organizationId: string,
    kind: RecordKind,
    id: string,
    at: string,
  ): Promise<RecordHistoryAnswer> {
    const streamId =
      kind === 'enrollment' ? await readEnrollmentStream(this.db, organizationId, id) : STREAMS[kind](id);
    const events = await this.ownStream(organizationId, streamId);
    const names = await readHistoryNames(this.db, organizationId, referencedIds(events));
    const history = recordHistory(kind, events, id, at, names);
    if (history.versions.length === 0) throw new DomainError('history.notFound');
    return {
      ...history,
      // Newest first, as an auditor steps back through it.
      versions: history.versions
        .map((v) => ({ ...v, userName: v.userId ? (names.users[v.userId] ?? null) : null }))
        .reverse(),
    };
  }

  async studentBalanceAsOf(
    organizationId: string,
    studentId: string,
    at: string,
  ): Promise<StudentBalanceAsOfAnswer> {
    await this.students.requireStudent(organizationId, studentId);
    const listed = await readStudentBalanceStreams(this.db, organizationId, studentId);
    const [student, payments, attendances, courseNames] = await Promise.all([
      this.store.readStream(studentStream(studentId)),
      this.readStreams(listed.payments),
      this.readStreams(listed.attendances),
      this.students.courseNames(organizationId),
    ]);
    const b = balanceAsOf(studentId, { student, payments, attendances }, at);
    return {
      at,
      balance: b.balance,
      totalOwed: b.totalOwed,
      courses: courseBalanceRows(b, courseNames),
      balanceSheet: b.balanceSheet,
    };
  }

  private async readStreams(streamIds: string[]): Promise<StoredEvent[][]> {
    const out: StoredEvent[][] = [];
    for (let i = 0; i < streamIds.length; i += READ_AHEAD) {
      out.push(
        ...(await Promise.all(streamIds.slice(i, i + READ_AHEAD).map((s) => this.store.readStream(s)))),
      );
    }
    return out;
  }
}
