import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { ConcurrencyError } from '../shared/events';
import { studentDecider, type StudentCommand, type StudentEvent, type StudentStreamEvent } from './decider';
import {
  formatStudentNumber,
  studentNumberDecider,
  studentNumberStream,
  type StudentNumberEvent,
  type StudentNumberState,
} from './student-number-decider';
import {
  ABANDONED_TCKN_RESERVATION_MS,
  evolveTcknReservation,
  freeTcknReservation,
  legacyTcknReservationStream,
  tcknReservationDecider,
  tcknReservationStream,
  type TcknReservationEvent,
} from './tckn-decider';
import {
  planStudentEdit,
  planStudentRegistration,
  planTcknRelease,
  studentEditStreams,
} from './registration';
import { ORG, OTHER_ORG, STUDENT, STUDENT_2, USER, studentForm, studentInput } from './fixtures';
import { editStudentSchema } from './schemas';

const T0 = '2025-09-15T07:00:00.000Z';
const T1 = '2025-10-01T08:00:00.000Z';
const base = { studentId: STUDENT, organizationId: ORG, userId: USER };

const { userId: _u, ...ids } = base;
const registered: StudentEvent = {
  type: 'StudentRegistered',
  data: {
    ...ids,
    studentNumber: 25001,
    ...studentInput,
    studentPhoneConsentDate: null,
    parent1PhoneConsentDate: T0,
    parent2PhoneConsentDate: null,
    createdBy: USER,
    createdAt: T0,
  },
};
const register: StudentCommand = {
  type: 'RegisterStudent',
  ...base,
  now: T0,
  studentNumber: 25001,
  input: studentInput,
};
const edit = (patch: Partial<typeof studentInput>, now = T1): StudentCommand => ({
  type: 'EditStudent',
  ...base,
  now,
  input: { ...studentInput, ...patch },
});

describe('student decider', () => {
  it('registers a student, dating the consents that are given', () => {
    given(studentDecider, []).when(register).then([registered]);
  });

  it('refuses to register the same student twice', () => {
    given(studentDecider, [registered]).when(register).thenThrows('student.alreadyExists');
  });

  it('refuses an invalid form with the create wording', () => {
    given(studentDecider, [])
      .when({ ...register, input: { ...studentInput, name: '', address: '' } })
      .thenThrows('student.createInvalid', 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: İsim, Adres');
  });

  it('refuses a number of another registration year', () => {
    given(studentDecider, [])
      .when({ ...register, studentNumber: 24001 })
      .thenThrows('student.numberMismatch');
  });

  it('edits a student; a consent changed gets the time of the edit, an unchanged one keeps its date', () => {
    given(studentDecider, [registered])
      .when(edit({ name: 'Ayşe Nur', studentPhoneOptInStatus: 'RET' }))
      .then([
        {
          type: 'StudentEdited',
          data: {
            ...ids,
            studentNumber: 25001,
            ...studentInput,
            name: 'Ayşe Nur',
            studentPhoneOptInStatus: 'RET',
            studentPhoneConsentDate: T1,
            parent1PhoneConsentDate: T0,
            parent2PhoneConsentDate: null,
            editedBy: USER,
            editedAt: T1,
          },
        },
      ]);
  });

  it('clears a consent date with the consent', () => {
    const [e] = given(studentDecider, [registered])
      .when(edit({ parent1PhoneOptInStatus: null }))
      .run();
    expect(e.data).toMatchObject({ parent1PhoneOptInStatus: null, parent1PhoneConsentDate: null });
  });

  it('keeps the id of a parsed edit body out of the student fields', () => {
    const body = editStudentSchema.parse({ id: STUDENT, ...studentForm, name: 'Ayşe Nur' });
    const [e] = given(studentDecider, [registered])
      .when({ type: 'EditStudent', ...base, now: T1, input: body })
      .run();
    expect(e.data).not.toHaveProperty('id');
    expect(e.data).toMatchObject({ name: 'Ayşe Nur', studentId: STUDENT });
  });

  it('writes nothing for an unchanged form', () => {
    given(studentDecider, [registered]).when(edit({})).then([]);
  });

  it('refuses an invalid edit with the edit wording', () => {
    given(studentDecider, [registered])
      .when(edit({ TCKN: '123', pob: '' }))
      .thenThrows(
        'student.updateInvalid',
        'Öğrenci bilgileri güncellenemedi: Eksik/hatalı bilgi: TC kimlik no eksik\nDoğum yeri',
      );
  });

  it('treats a student of another organisation as not found', () => {
    given(studentDecider, [registered])
      .when({ ...edit({}), organizationId: OTHER_ORG })
      .thenThrows('student.notFound', 'Öğrenci bulunamadı.');
    given(studentDecider, [])
      .when({ type: 'SoftDeleteStudent', ...base, now: T1 })
      .thenThrows('student.notFound');
  });

  it('soft deletes and restores', () => {
    const del: StudentCommand = { type: 'SoftDeleteStudent', ...base, now: T1 };
    const deleted: StudentEvent = {
      type: 'StudentSoftDeleted',
      data: { ...ids, deletedBy: USER, deletedAt: T1 },
    };
    given(studentDecider, [registered]).when(del).then([deleted]);
    given(studentDecider, [registered, deleted]).when(del).thenThrows('student.alreadyDeleted');
    const restore: StudentCommand = { type: 'ResurrectStudent', ...base, now: T1 };
    given(studentDecider, [registered, deleted])
      .when(restore)
      .then([{ type: 'StudentResurrected', data: { ...ids, resurrectedBy: USER, resurrectedAt: T1 } }]);
    given(studentDecider, [registered]).when(restore).thenThrows('student.notDeleted');
  });

  it('folds a stream with enrolment events in it', () => {
    const history: StudentStreamEvent[] = [
      registered,
      {
        type: 'EnrollmentEnded',
        data: {
          ...ids,
          enrollmentId: 'e',
          courseId: 'c',
          endDate: T1,
          previousEndDate: null,
          endedBy: USER,
          endedAt: T1,
        },
      },
    ];
    expect(given(studentDecider, history).state).toMatchObject({ status: 'active', studentNumber: 25001 });
  });
});

describe('student numbers (product.md 3)', () => {
  const allocate = (year = 2025, studentId = STUDENT) => ({
    type: 'AllocateStudentNumber' as const,
    organizationId: ORG,
    year,
    studentId,
    userId: USER,
    now: T0,
  });
  const allocated = (sequence: number, studentId = STUDENT): StudentNumberEvent => ({
    type: 'StudentNumberAllocated',
    data: {
      organizationId: ORG,
      year: 2025,
      sequence,
      studentNumber: 25000 + sequence,
      studentId,
      allocatedAt: T0,
    },
  });

  it('starts each year at 001', () => {
    given(studentNumberDecider, [])
      .when(allocate())
      .then([allocated(1)]);
  });

  it('gives the highest of the year plus one', () => {
    given(studentNumberDecider, [allocated(1), allocated(2), allocated(7)])
      .when(allocate())
      .then([allocated(8)]);
  });

  it('refuses a thousandth student in a year with a clear error', () => {
    given(studentNumberDecider, [allocated(999)])
      .when(allocate())
      .thenThrows(
        'student.numbersExhausted',
        '2025 kayıt yılı için öğrenci numarası kalmadı: bir yılda en fazla 999 öğrenci kaydedilebilir.',
      );
    given(studentNumberDecider, [allocated(998)])
      .when(allocate())
      .then([allocated(999)]);
  });

  it('writes five digits, also in the 2000s', () => {
    expect(formatStudentNumber(5001)).toBe('05001');
    expect(formatStudentNumber(26123)).toBe('26123');
  });

  it('keeps one counter per organisation and year', () => {
    expect(studentNumberStream(ORG, 2025)).toBe(`student-numbers-${ORG}-2025`);
    expect(studentNumberStream(ORG, 2026)).not.toBe(studentNumberStream(ORG, 2025));
  });

  it('registration years with the same two digits share the counter: 2125 after 2025 gives 25002', () => {
    expect(studentNumberStream(ORG, 2125)).toBe(studentNumberStream(ORG, 2025));
    expect(studentNumberStream(ORG, 2999)).toBe(`student-numbers-${ORG}-2099`);
    const state = [allocated(1)].reduce(studentNumberDecider.evolve, studentNumberDecider.initialState);
    const [next] = studentNumberDecider.decide(allocate(2125), state);
    expect(next.data.studentNumber).toBe(25002);
  });

  it('under a race, both decide the same number and the second append conflicts on the expected version', () => {
    // A minimal store with the expected-version rule of the EventStore port.
    const stream: StudentNumberEvent[] = [allocated(1)];
    const append = (events: StudentNumberEvent[], expectedVersion: number) => {
      if (stream.length - 1 !== expectedVersion)
        throw new ConcurrencyError('s', expectedVersion, stream.length - 1);
      stream.push(...events);
    };
    const read = (): { state: StudentNumberState; version: number } => ({
      state: stream.reduce(studentNumberDecider.evolve, studentNumberDecider.initialState),
      version: stream.length - 1,
    });

    const a = read();
    const b = read();
    const decidedA = studentNumberDecider.decide(allocate(2025, STUDENT), a.state);
    const decidedB = studentNumberDecider.decide(allocate(2025, STUDENT_2), b.state);
    expect(decidedA[0].data.studentNumber).toBe(25002);
    expect(decidedB[0].data.studentNumber).toBe(25002);

    append(decidedA, a.version);
    expect(() => append(decidedB, b.version)).toThrow(ConcurrencyError);

    // The losing request reads again and decides again: the next number.
    const retry = read();
    const decidedAgain = studentNumberDecider.decide(allocate(2025, STUDENT_2), retry.state);
    append(decidedAgain, retry.version);
    expect(stream.map((e) => e.data.studentNumber)).toEqual([25001, 25002, 25003]);
  });
});

describe('TCKN reservation', () => {
  const tckn = studentInput.TCKN;
  const reserve = (studentId: string, mode: 'create' | 'edit' = 'create') => ({
    type: 'ReserveTckn' as const,
    organizationId: ORG,
    tckn,
    studentId,
    userId: USER,
    now: T0,
    mode,
  });
  const reserved: TcknReservationEvent = {
    type: 'TcknReserved',
    data: { organizationId: ORG, tckn, studentId: STUDENT, reservedAt: T0 },
  };

  it('reserves a free TCKN; the holder reserving again writes nothing', () => {
    given(tcknReservationDecider, []).when(reserve(STUDENT)).then([reserved]);
    given(tcknReservationDecider, [reserved]).when(reserve(STUDENT)).then([]);
  });

  it('refuses a TCKN held by another student, in the wording of the form', () => {
    given(tcknReservationDecider, [reserved])
      .when(reserve(STUDENT_2))
      .thenThrows('student.createInvalid', 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı');
    given(tcknReservationDecider, [reserved])
      .when(reserve(STUDENT_2, 'edit'))
      .thenThrows(
        'student.updateInvalid',
        'Öğrenci bilgileri güncellenemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı',
      );
  });

  it('is released only by its holder', () => {
    const release = (studentId: string) => ({
      type: 'ReleaseTckn' as const,
      organizationId: ORG,
      tckn,
      studentId,
      userId: USER,
      now: T1,
    });
    given(tcknReservationDecider, [reserved])
      .when(release(STUDENT))
      .then([
        { type: 'TcknReleased', data: { organizationId: ORG, tckn, studentId: STUDENT, releasedAt: T1 } },
      ]);
    given(tcknReservationDecider, [reserved]).when(release(STUDENT_2)).then([]);
  });

  it('keeps one stream per organisation and keyed reference, the TCKN nowhere in its name', () => {
    expect(tcknReservationStream(ORG, 'ab12')).toBe(`student-tckn-ref-${ORG}-ab12`);
    expect(legacyTcknReservationStream(ORG, tckn)).toBe(`student-tckn-${ORG}-${tckn}`);
  });
});

describe('registration and edit plans', () => {
  // Stands in for the server's keyed hash: what matters here is that the TCKN is not in the stream id.
  const tcknRef = (org: string, t: string) => `ref(${org.length}:${[...t].reverse().join('')})`;
  const request = {
    studentId: STUDENT,
    organizationId: ORG,
    userId: USER,
    now: T0,
    input: studentInput,
    tcknRef,
  };
  const fresh = {
    student: studentDecider.initialState,
    numbers: studentNumberDecider.initialState,
    tckn: freeTcknReservation,
  };
  const heldBy = (holder: string) => ({ current: { holder }, legacy: { holder: null } });
  const heldOfOld = (holder: string) => ({ current: { holder: null }, legacy: { holder } });

  it('decides the number, the reservation and the student together', () => {
    const plan = planStudentRegistration(request, { ...fresh, numbers: { highest: 41 } });
    expect(plan.studentNumber).toBe(25042);
    expect(plan.numbers.streamId).toBe(`student-numbers-${ORG}-2025`);
    expect(plan.tckn.streamId).toBe(tcknReservationStream(ORG, tcknRef(ORG, '10000000146')));
    expect(plan.tckn.streamId).not.toContain('10000000146');
    expect(plan.tckn.events).toEqual([
      {
        type: 'TcknReserved',
        data: { organizationId: ORG, tckn: '10000000146', studentId: STUDENT, reservedAt: T0 },
      },
    ]);
    expect(plan.student.events[0]).toMatchObject({
      type: 'StudentRegistered',
      data: { studentNumber: 25042 },
    });
  });

  it('refuses a TCKN already registered and allocates nothing', () => {
    expect(() =>
      planStudentRegistration({ ...request, studentId: STUDENT_2 }, { ...fresh, tckn: heldBy(STUDENT) }),
    ).toThrow('Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı');
  });

  it('still refuses a TCKN held by a reservation made before the keyed names', () => {
    expect(() =>
      planStudentRegistration({ ...request, studentId: STUDENT_2 }, { ...fresh, tckn: heldOfOld(STUDENT) }),
    ).toThrow('Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı');
  });

  it('names the release that gives its reservation back, decided by the reservation decider', () => {
    const plan = planStudentRegistration(request, fresh);
    expect(plan.tckn.release).toEqual([
      {
        type: 'TcknReleased',
        data: { organizationId: ORG, tckn: '10000000146', studentId: STUDENT, releasedAt: T0 },
      },
    ]);
    const after = [...plan.tckn.events, ...plan.tckn.release!].reduce(
      evolveTcknReservation,
      tcknReservationDecider.initialState,
    );
    expect(after.holder).toBeNull();
  });

  it('takes over a reservation whose holder was never stored once it is abandoned, and not before', () => {
    const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
    const orphan = { current: { holder: STUDENT_2, since: T0 }, legacy: { holder: null } };
    const later = { ...request, now: at(ABANDONED_TCKN_RESERVATION_MS) };
    const plan = planStudentRegistration(later, { ...fresh, tckn: orphan, tcknHolderAbsent: true });
    expect(plan.tckn.events.map((e) => [e.type, e.data.studentId])).toEqual([
      ['TcknReleased', STUDENT_2],
      ['TcknReserved', STUDENT],
    ]);
    expect(plan.tckn.release?.map((e) => [e.type, e.data.studentId])).toEqual([['TcknReleased', STUDENT]]);
    // Still young: a registration may be writing its student right now.
    const young = { ...request, now: at(ABANDONED_TCKN_RESERVATION_MS - 1) };
    expect(() => planStudentRegistration(young, { ...fresh, tckn: orphan, tcknHolderAbsent: true })).toThrow(
      'TCKN zaten kayıtlı',
    );
    // A holder that exists (maybe deleted, restorable) keeps its TCKN however old the reservation is.
    expect(() => planStudentRegistration(later, { ...fresh, tckn: orphan })).toThrow('TCKN zaten kayıtlı');
  });

  it('releases a TCKN where its holder holds it, and nothing for anyone else', () => {
    const req = { studentId: STUDENT, organizationId: ORG, userId: USER, now: T1, tckn: '10000000146' };
    const streams = { current: 'keyed', legacy: 'old' };
    const old = planTcknRelease(req, streams, heldOfOld(STUDENT));
    expect(old.streamId).toBe('old');
    expect(old.events.map((e) => e.type)).toEqual(['TcknReleased']);
    expect(planTcknRelease(req, streams, heldBy(STUDENT)).streamId).toBe('keyed');
    expect(planTcknRelease(req, streams, heldBy(STUDENT_2)).events).toEqual([]);
    expect(planTcknRelease(req, streams, heldOfOld(STUDENT_2)).events).toEqual([]);
  });

  it('moves the reservation when the TCKN changes on edit', () => {
    const state = given(studentDecider, [registered]).state;
    const input = { ...studentInput, TCKN: '12345678950' };
    const streams = studentEditStreams({ ...request, input }, state);
    expect(streams.oldTckn?.current).toBe(tcknReservationStream(ORG, tcknRef(ORG, '10000000146')));
    const plan = planStudentEdit(
      { ...request, now: T1, input },
      { student: state, newTckn: freeTcknReservation, oldTckn: heldBy(STUDENT) },
    );
    expect(plan.oldTckn?.streamId).toBe(streams.oldTckn?.current);
    expect(plan.newTckn.events.map((e) => e.type)).toEqual(['TcknReserved']);
    expect(plan.oldTckn?.events.map((e) => e.type)).toEqual(['TcknReleased']);
    expect(plan.student.events.map((e) => e.type)).toEqual(['StudentEdited']);
  });

  it('refuses on edit a TCKN held by another student', () => {
    const state = given(studentDecider, [registered]).state;
    expect(() =>
      planStudentEdit(
        { ...request, now: T1, input: { ...studentInput, TCKN: '12345678950' } },
        { student: state, newTckn: heldBy(STUDENT_2), oldTckn: heldBy(STUDENT) },
      ),
    ).toThrow('Öğrenci bilgileri güncellenemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı');
  });

  it('needs no release when the TCKN stays', () => {
    const state = given(studentDecider, [registered]).state;
    const plan = planStudentEdit(
      { ...request, now: T1, input: { ...studentInput, name: 'Ayşe Nur' } },
      {
        student: state,
        newTckn: heldBy(STUDENT),
      },
    );
    expect(plan.oldTckn).toBeNull();
    expect(plan.newTckn.events).toEqual([]);
  });

  it('lets a student of before the keyed names keep its TCKN, or move it and release the old stream', () => {
    const state = given(studentDecider, [registered]).state;
    const keeps = planStudentEdit(
      { ...request, now: T1, input: { ...studentInput, name: 'Ayşe Nur' } },
      { student: state, newTckn: heldOfOld(STUDENT) },
    );
    expect(keeps.newTckn.events).toEqual([]);
    const input = { ...studentInput, TCKN: '12345678950' };
    const moves = planStudentEdit(
      { ...request, now: T1, input },
      { student: state, newTckn: freeTcknReservation, oldTckn: heldOfOld(STUDENT) },
    );
    expect(moves.oldTckn?.streamId).toBe(legacyTcknReservationStream(ORG, '10000000146'));
    expect(moves.oldTckn?.events.map((e) => e.type)).toEqual(['TcknReleased']);
    expect(moves.newTckn.streamId).toBe(tcknReservationStream(ORG, tcknRef(ORG, '12345678950')));
  });
});
