import { slugify } from '../courses/decider';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { message } from '../shared/messages';
import { toLocal, toEpoch } from '../shared/time';
import {
  INSTRUCTOR_TYPE_ID,
  type AddEmployeeInput,
  type AddInstructorInput,
  type EmployeeTypeId,
  type WagePeriod,
} from './schemas';

/**
 * One person who works for an organisation, stream `employee-<id>`. An Instructor (product.md 3) is an
 * employee of type 2 (Eğitmen): /giris/egitmenler and the Eğitmenler tab of /giris/calisanlar show the same
 * records, so one person is never two records that drift apart (docs/DECISIONS.md, people).
 */
export interface EmployeeFields {
  name: string;
  surname: string;
  userId: string | null;
  employeeTypeId: EmployeeTypeId;
  phone: string | null;
  notes: string | null;
  cv: string | null;
  /** Course ids (instructors only). */
  branches: string[];
  avatar: string | null;
  safeName: string;
  wages: WagePeriod[];
}

interface Ids {
  employeeId: string;
  organizationId: string;
}

/** Name and type ride on delete and restore so the log can say who (product.md 3 Log entry name). */
interface Who {
  name: string;
  surname: string;
  employeeTypeId: EmployeeTypeId;
}

export type EmployeeEvent =
  | DomainEvent<'EmployeeAdded', Ids & EmployeeFields>
  | DomainEvent<'EmployeeEdited', Ids & EmployeeFields>
  | DomainEvent<'EmployeeSoftDeleted', Ids & Who & { deletedAt: string }>
  | DomainEvent<'EmployeeResurrected', Ids & Who>
  /** product.md 4: the permanent delete of a deleted other employee (not an instructor). */
  | DomainEvent<'EmployeePermanentlyDeleted', Ids & Who & { deletedAt: string }>;

/**
 * What the server found about the user an employee is linked to (userId): whether they are a member of this
 * organisation, and the name of another live employee already linked to them (one user, one person).
 */
export interface LinkedUserCheck {
  isMember: boolean;
  linkedToOther: string | null;
}

/** Whether a call works on any employee or only on instructors (the instructor calls of api.md 7.3). */
export type EmployeeKind = 'employee' | 'instructor';

export type EmployeeCommand =
  | (Ids & { type: 'AddEmployee'; input: AddEmployeeInput; user: LinkedUserCheck | null })
  | (Ids & { type: 'AddInstructor'; input: AddInstructorInput; user: LinkedUserCheck | null })
  | (Ids & { type: 'EditEmployee'; input: AddEmployeeInput; user: LinkedUserCheck | null })
  | (Ids & { type: 'EditInstructor'; input: AddInstructorInput; user: LinkedUserCheck | null })
  | (Ids & { type: 'DeleteEmployee'; kind: EmployeeKind; now: string })
  | (Ids & { type: 'ResurrectEmployee'; kind: EmployeeKind })
  | (Ids & { type: 'PermanentlyDeleteEmployee'; now: string });

/** 'purged': permanently deleted; as good as absent for every call. */
export type EmployeeState =
  | { status: 'none' }
  | { status: 'active' | 'deleted'; organizationId: string; fields: EmployeeFields }
  | { status: 'purged'; organizationId: string; fields: EmployeeFields };

export const initialEmployeeState: EmployeeState = { status: 'none' };
export const employeeStream = (employeeId: string) => `employee-${employeeId}`;

export const isInstructor = (f: Pick<EmployeeFields, 'employeeTypeId'>) =>
  f.employeeTypeId === INSTRUCTOR_TYPE_ID;

const pad2 = (n: number) => String(n).padStart(2, '0');
const day = (iso: string) => {
  const l = toLocal(toEpoch(iso));
  return `${pad2(l.day)}.${pad2(l.month)}.${l.year}`;
};
const range = (w: WagePeriod) => `${day(w.startDate)} - ${w.endDate ? day(w.endDate) : '…'}`;

/**
 * product.md 4: periods of one employee may not overlap. End dates are exclusive (a period ending on the
 * 1st and one starting on the 1st touch, they do not overlap); an open end runs forever.
 */
export function checkWageOverlap(wages: readonly WagePeriod[]): void {
  const sorted = [...wages].sort((a, b) => toEpoch(a.startDate) - toEpoch(b.startDate));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const next = sorted[i];
    const prevEnd = prev.endDate === null ? Number.POSITIVE_INFINITY : toEpoch(prev.endDate);
    if (toEpoch(next.startDate) < prevEnd) {
      throw new DomainError(
        'wage.overlap',
        message('wage.overlap', { first: range(prev), second: range(next) }),
        { periods: [prev.startDate, next.startDate] },
      );
    }
  }
}

function checkUser(userId: string | null, user: LinkedUserCheck | null): void {
  if (userId === null) return;
  if (!user?.isMember) throw new DomainError('employee.userNotMember');
  if (user.linkedToOther !== null)
    throw new DomainError('employee.userTaken', message('employee.userTaken', { name: user.linkedToOther }));
}

function employeeFields(input: AddEmployeeInput): EmployeeFields {
  const instructor = input.employeeTypeId === INSTRUCTOR_TYPE_ID;
  return {
    name: input.name,
    surname: input.surname,
    userId: input.userId,
    employeeTypeId: input.employeeTypeId,
    phone: input.phone,
    notes: input.notes,
    // product.md 5: CV and branches cleared when the type is not instructor.
    cv: instructor ? input.cv : null,
    branches: instructor ? input.branches : [],
    avatar: input.avatar,
    safeName: slugify(`${input.name} ${input.surname}`) ?? '',
    wages: [...input.wages].sort((a, b) => toEpoch(a.startDate) - toEpoch(b.startDate)),
  };
}

/** The instructor calls change the instructor's fields only; phone, notes and wages stay as they are. */
function instructorFields(input: AddInstructorInput, base: EmployeeFields | null): EmployeeFields {
  return employeeFields({
    employeeTypeId: INSTRUCTOR_TYPE_ID,
    phone: base?.phone ?? null,
    notes: base?.notes ?? null,
    wages: base?.wages ?? [],
    ...input,
  });
}

function own(
  state: EmployeeState,
  organizationId: string,
  kind: EmployeeKind,
): Extract<EmployeeState, { status: 'active' | 'deleted' }> {
  // Another organisation's employee is as good as absent; the instructor calls see instructors only.
  const notFound = kind === 'instructor' ? 'instructor.notFound' : 'employee.notFound';
  if (state.status === 'none' || state.status === 'purged' || state.organizationId !== organizationId)
    throw new DomainError(notFound);
  if (kind === 'instructor' && !isInstructor(state.fields)) throw new DomainError(notFound);
  return state;
}

const who = (f: EmployeeFields): Who => ({
  name: f.name,
  surname: f.surname,
  employeeTypeId: f.employeeTypeId,
});

export function decideEmployee(command: EmployeeCommand, state: EmployeeState): EmployeeEvent[] {
  const ids = { employeeId: command.employeeId, organizationId: command.organizationId };
  switch (command.type) {
    case 'AddEmployee':
    case 'AddInstructor': {
      if (state.status !== 'none') throw new DomainError('employee.alreadyExists');
      const fields =
        command.type === 'AddEmployee'
          ? employeeFields(command.input)
          : instructorFields(command.input, null);
      checkUser(fields.userId, command.user);
      checkWageOverlap(fields.wages);
      return [{ type: 'EmployeeAdded', data: { ...ids, ...fields } }];
    }
    case 'EditEmployee':
    case 'EditInstructor': {
      const kind = command.type === 'EditEmployee' ? 'employee' : 'instructor';
      const s = own(state, command.organizationId, kind);
      const fields =
        command.type === 'EditEmployee'
          ? employeeFields(command.input)
          : instructorFields(command.input, s.fields);
      // Keeping the same link needs no new check: the user may have left, the record still names them.
      if (fields.userId !== s.fields.userId) checkUser(fields.userId, command.user);
      checkWageOverlap(fields.wages);
      return [{ type: 'EmployeeEdited', data: { ...ids, ...fields } }];
    }
    case 'DeleteEmployee': {
      const s = own(state, command.organizationId, command.kind);
      if (s.status === 'deleted') throw new DomainError('employee.alreadyDeleted');
      return [{ type: 'EmployeeSoftDeleted', data: { ...ids, ...who(s.fields), deletedAt: command.now } }];
    }
    case 'ResurrectEmployee': {
      const s = own(state, command.organizationId, command.kind);
      if (s.status !== 'deleted') throw new DomainError('employee.notDeleted');
      return [{ type: 'EmployeeResurrected', data: { ...ids, ...who(s.fields) } }];
    }
    case 'PermanentlyDeleteEmployee': {
      // product.md 4: only a deleted other employee (instructors keep their lessons' names) goes for good.
      const s = own(state, command.organizationId, 'employee');
      if (isInstructor(s.fields)) throw new DomainError('employee.permanentDeleteInstructor');
      if (s.status !== 'deleted') throw new DomainError('employee.notDeleted');
      return [
        { type: 'EmployeePermanentlyDeleted', data: { ...ids, ...who(s.fields), deletedAt: command.now } },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveEmployee(state: EmployeeState, event: EmployeeEvent): EmployeeState {
  switch (event.type) {
    case 'EmployeeAdded':
    case 'EmployeeEdited': {
      const { employeeId: _id, organizationId, ...fields } = event.data;
      return { status: state.status === 'deleted' ? 'deleted' : 'active', organizationId, fields };
    }
    case 'EmployeePermanentlyDeleted': {
      return state.status === 'none' ? state : { ...state, status: 'purged' };
    }
    case 'EmployeeSoftDeleted':
      return state.status === 'none' || state.status === 'purged' ? state : { ...state, status: 'deleted' };
    case 'EmployeeResurrected':
      return state.status === 'none' || state.status === 'purged' ? state : { ...state, status: 'active' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const employeeDecider: Decider<EmployeeCommand, EmployeeEvent, EmployeeState> = {
  decide: decideEmployee,
  evolve: evolveEmployee,
  initialState: initialEmployeeState,
};
