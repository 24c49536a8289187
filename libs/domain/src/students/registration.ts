import { DomainError } from '../shared/errors';
import { decideStudent, studentStream, type StudentEvent, type StudentState } from './decider';
import { studentFormProblems, studentValidationError, type StudentInput } from './schemas';
import {
  decideStudentNumber,
  studentNumberStream,
  type StudentNumberEvent,
  type StudentNumberState,
} from './student-number-decider';
import {
  decideTcknReservation,
  tcknReservationStream,
  type TcknReservationEvent,
  type TcknReservationState,
} from './tckn-decider';

/**
 * Registering or editing a student touches up to three streams: the student, the number counter of its
 * registration year, and the TCKN reservation(s). These functions decide all of them from their folded
 * states; the server loads each stream, calls the plan, and appends every part in one appendMany with each
 * stream's expected version (a conflict anywhere re-runs the whole plan from fresh reads).
 */
export interface StreamPart<E> {
  streamId: string;
  events: E[];
}

export interface StudentRequest {
  studentId: string;
  organizationId: string;
  userId: string | null;
  now: string;
  input: StudentInput;
}

export function studentRegistrationStreams(
  request: Pick<StudentRequest, 'studentId' | 'organizationId' | 'input'>,
) {
  return {
    student: studentStream(request.studentId),
    numbers: studentNumberStream(request.organizationId, request.input.regY),
    tckn: tcknReservationStream(request.organizationId, request.input.TCKN),
  };
}

export interface StudentRegistrationPlan {
  studentNumber: number;
  student: StreamPart<StudentEvent>;
  numbers: StreamPart<StudentNumberEvent>;
  tckn: StreamPart<TcknReservationEvent>;
}

export function planStudentRegistration(
  request: StudentRequest,
  states: { student: StudentState; numbers: StudentNumberState; tckn: TcknReservationState },
): StudentRegistrationPlan {
  const items = studentFormProblems(request.input);
  if (items.length > 0) throw studentValidationError(items, 'create');
  if (states.student.status !== 'none') throw new DomainError('student.alreadyExists');
  const streams = studentRegistrationStreams(request);
  const { studentId, organizationId, userId, now } = request;
  const tcknEvents = decideTcknReservation(
    { type: 'ReserveTckn', organizationId, tckn: request.input.TCKN, studentId, userId, now, mode: 'create' },
    states.tckn,
  );
  const numberEvents = decideStudentNumber(
    { type: 'AllocateStudentNumber', organizationId, year: request.input.regY, studentId, userId, now },
    states.numbers,
  );
  const studentNumber = numberEvents[0].data.studentNumber;
  const studentEvents = decideStudent(
    { type: 'RegisterStudent', studentId, organizationId, userId, now, studentNumber, input: request.input },
    states.student,
  );
  return {
    studentNumber,
    student: { streamId: streams.student, events: studentEvents },
    numbers: { streamId: streams.numbers, events: numberEvents },
    tckn: { streamId: streams.tckn, events: tcknEvents },
  };
}

/** The streams an edit needs, given the student's current state (its old TCKN). */
export function studentEditStreams(
  request: Pick<StudentRequest, 'studentId' | 'organizationId' | 'input'>,
  student: StudentState,
) {
  const oldTckn = student.status === 'none' ? null : student.fields.TCKN;
  return {
    student: studentStream(request.studentId),
    newTckn: tcknReservationStream(request.organizationId, request.input.TCKN),
    oldTckn:
      oldTckn !== null && oldTckn !== request.input.TCKN
        ? tcknReservationStream(request.organizationId, oldTckn)
        : null,
  };
}

export interface StudentEditPlan {
  student: StreamPart<StudentEvent>;
  /** Reservation of the (new) TCKN; empty when the student already holds it. */
  newTckn: StreamPart<TcknReservationEvent>;
  /** Release of the previous TCKN when it changed, else null. */
  oldTckn: StreamPart<TcknReservationEvent> | null;
}

/**
 * The TCKN stays unique on edit too: taking another student's TCKN answers "TCKN zaten kayıtlı" in the edit
 * wording (product.md 5 names the check on create; without it an edit could make two students share one).
 */
export function planStudentEdit(
  request: StudentRequest,
  states: { student: StudentState; newTckn: TcknReservationState; oldTckn?: TcknReservationState | null },
): StudentEditPlan {
  const { studentId, organizationId, userId, now } = request;
  const studentEvents = decideStudent(
    { type: 'EditStudent', studentId, organizationId, userId, now, input: request.input },
    states.student,
  );
  const streams = studentEditStreams(request, states.student);
  const reserve = decideTcknReservation(
    { type: 'ReserveTckn', organizationId, tckn: request.input.TCKN, studentId, userId, now, mode: 'edit' },
    states.newTckn,
  );
  const oldTcknValue = states.student.status === 'none' ? null : states.student.fields.TCKN;
  const release =
    streams.oldTckn !== null && oldTcknValue !== null
      ? {
          streamId: streams.oldTckn,
          events: decideTcknReservation(
            { type: 'ReleaseTckn', organizationId, tckn: oldTcknValue, studentId, userId, now },
            states.oldTckn ?? { holder: studentId },
          ),
        }
      : null;
  return {
    student: { streamId: streams.student, events: studentEvents },
    newTckn: { streamId: streams.newTckn, events: reserve },
    oldTckn: release,
  };
}
