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
  evolveTcknReservation,
  tcknHolder,
  tcknReservationStreams,
  type TcknRef,
  type TcknReservationEvent,
  type TcknReservationState,
  type TcknReservationStates,
  type TcknReservationStreams,
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
  /**
   * For a reservation: the events that give it back, decided on the state `events` leave. Where appendMany is
   * not atomic they are written when a stream written after the reservation fails.
   */
  release?: E[];
}

export interface StudentRequest {
  studentId: string;
  organizationId: string;
  userId: string | null;
  now: string;
  input: StudentInput;
  /** Names the TCKN's reservation stream without the TCKN in it (computed by the server). */
  tcknRef: TcknRef;
}

export function studentRegistrationStreams(
  request: Pick<StudentRequest, 'studentId' | 'organizationId' | 'input' | 'tcknRef'>,
) {
  return {
    student: studentStream(request.studentId),
    numbers: studentNumberStream(request.organizationId, request.input.regY),
    tckn: tcknReservationStreams(request.organizationId, request.input.TCKN, request.tcknRef),
  };
}

export interface StudentRegistrationPlan {
  studentNumber: number;
  student: StreamPart<StudentEvent>;
  numbers: StreamPart<StudentNumberEvent>;
  tckn: StreamPart<TcknReservationEvent>;
}

/**
 * A reservation of the TCKN for the student, with what gives it back. `holderAbsent`: the server found no
 * student stream for the current holder, so an abandoned reservation can be taken over.
 */
function reserveTckn(
  request: Pick<StudentRequest, 'studentId' | 'organizationId' | 'userId' | 'now'> & { tckn: string },
  mode: 'create' | 'edit',
  states: TcknReservationStates,
  holderAbsent: boolean,
  streamId: string,
): StreamPart<TcknReservationEvent> {
  const { studentId, organizationId, userId, now, tckn } = request;
  const base = { organizationId, tckn, studentId, userId, now };
  const held = tcknHolder(states).state;
  const events = decideTcknReservation({ type: 'ReserveTckn', ...base, mode, holderAbsent }, held);
  const after: TcknReservationState = events.reduce(evolveTcknReservation, held);
  const release = events.length > 0 ? decideTcknReservation({ type: 'ReleaseTckn', ...base }, after) : [];
  return { streamId, events, release };
}

export function planStudentRegistration(
  request: StudentRequest,
  states: {
    student: StudentState;
    numbers: StudentNumberState;
    tckn: TcknReservationStates;
    /** No student stream exists for the TCKN's current holder (an abandoned reservation). */
    tcknHolderAbsent?: boolean;
  },
): StudentRegistrationPlan {
  const items = studentFormProblems(request.input);
  if (items.length > 0) throw studentValidationError(items, 'create');
  if (states.student.status !== 'none') throw new DomainError('student.alreadyExists');
  const streams = studentRegistrationStreams(request);
  const { studentId, organizationId, userId, now } = request;
  // A new reservation always goes to the keyed stream, never to a clear-named one.
  const tckn = reserveTckn(
    { studentId, organizationId, userId, now, tckn: request.input.TCKN },
    'create',
    states.tckn,
    states.tcknHolderAbsent ?? false,
    streams.tckn.current,
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
    tckn,
  };
}

/** The streams an edit needs, given the student's current state (its old TCKN). */
export function studentEditStreams(
  request: Pick<StudentRequest, 'studentId' | 'organizationId' | 'input' | 'tcknRef'>,
  student: StudentState,
) {
  const oldTckn = student.status === 'none' ? null : student.fields.TCKN;
  const { organizationId, tcknRef } = request;
  return {
    student: studentStream(request.studentId),
    newTckn: tcknReservationStreams(organizationId, request.input.TCKN, tcknRef),
    oldTckn:
      oldTckn !== null && oldTckn !== '' && oldTckn !== request.input.TCKN
        ? tcknReservationStreams(organizationId, oldTckn, tcknRef)
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
 * Releases a TCKN in the stream that holds it for this student (the keyed one, or the clear-named one of a
 * reservation made before the keyed names); nothing when the student does not hold it.
 */
export function planTcknRelease(
  request: Pick<StudentRequest, 'studentId' | 'organizationId' | 'userId' | 'now'> & { tckn: string },
  streams: TcknReservationStreams,
  states: TcknReservationStates,
): StreamPart<TcknReservationEvent> {
  const { studentId, organizationId, userId, now, tckn } = request;
  const held = tcknHolder(states);
  return {
    streamId: streams[held.in],
    events: decideTcknReservation(
      { type: 'ReleaseTckn', organizationId, tckn, studentId, userId, now },
      held.state,
    ),
  };
}

/**
 * The TCKN stays unique on edit too: taking another student's TCKN answers "TCKN zaten kayıtlı" in the edit
 * wording (product.md 5 names the check on create; without it an edit could make two students share one).
 */
export function planStudentEdit(
  request: StudentRequest,
  states: {
    student: StudentState;
    newTckn: TcknReservationStates;
    oldTckn?: TcknReservationStates | null;
    /** No student stream exists for the new TCKN's current holder (an abandoned reservation). */
    newTcknHolderAbsent?: boolean;
  },
): StudentEditPlan {
  const { studentId, organizationId, userId, now } = request;
  const studentEvents = decideStudent(
    { type: 'EditStudent', studentId, organizationId, userId, now, input: request.input },
    states.student,
  );
  const streams = studentEditStreams(request, states.student);
  const reserve = reserveTckn(
    { studentId, organizationId, userId, now, tckn: request.input.TCKN },
    'edit',
    states.newTckn,
    states.newTcknHolderAbsent ?? false,
    streams.newTckn.current,
  );
  const oldTcknValue = states.student.status === 'none' ? null : states.student.fields.TCKN;
  const release =
    streams.oldTckn !== null && oldTcknValue !== null
      ? planTcknRelease(
          { studentId, organizationId, userId, now, tckn: oldTcknValue },
          streams.oldTckn,
          states.oldTckn ?? { current: { holder: studentId }, legacy: { holder: null } },
        )
      : null;
  return {
    student: { streamId: streams.student, events: studentEvents },
    newTckn: reserve,
    oldTckn: release,
  };
}
