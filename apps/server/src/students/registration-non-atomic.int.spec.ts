import { randomBytes, randomUUID } from 'node:crypto';
import {
  ABANDONED_TCKN_RESERVATION_MS,
  DomainError,
  registerStudentSchema,
  studentNumberDecider,
  studentRegistrationStreams,
  studentStream,
  tcknReservationDecider,
  type EventStore,
} from '@okul/domain';
import { ProjectionRunner } from '@okul/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentBody, tcknSource } from '../../test/support/school-fixtures';
import { StreamByStreamEventStore } from '../../test/support/stream-by-stream-event-store';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db';
import { EventStoreDbEventStore } from '../event-store/eventstoredb-event-store';
import { StudentDataKeys } from '../event-store/personal-data-event-store';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { RegisterStudentCommand, RegisterStudentHandler } from './student.commands';

/**
 * Student registration on a store whose appendMany is not atomic (EventStoreDB): the TCKN reservation is
 * written before the student, released when the student's append fails, and taken over when a process died
 * in between. Run over PostgreSQL written stream by stream, and over EventStoreDB when EVENTSTORE_URL is set.
 */
function nonAtomicRegistration(name: string, makeStore: (database: TestDatabase) => Promise<EventStore>) {
  describe(`student registration where appendMany is not atomic (${name})`, () => {
    let database: TestDatabase;
    let store: StreamByStreamEventStore;
    let executor: CommandExecutor;
    let dataKeys: StudentDataKeys;
    let handler: RegisterStudentHandler;
    const organizationId = randomUUID();
    const nextTckn = tcknSource(7);
    const start = Date.now();

    beforeAll(async () => {
      database = await createTestDatabase();
      store = new StreamByStreamEventStore(await makeStore(database));
      const runner = new ProjectionRunner(database.db, store, []);
      await runner.prepare();
      executor = new CommandExecutor(store, runner);
      dataKeys = new StudentDataKeys(database.db, randomBytes(32).toString('base64'));
      await dataKeys.prepare();
      handler = new RegisterStudentHandler(executor, { dataKeys });
    });
    afterAll(async () => {
      await store?.close();
      await database?.drop();
    });

    const ctx = (minutes = 0, idempotencyKey: string | null = null): CommandContext => ({
      organizationId,
      userId: 'user-1',
      ipAddress: '127.0.0.1',
      userAgent: 'vitest',
      correlationId: randomUUID(),
      idempotencyKey,
      now: new Date(start + minutes * 60_000),
    });
    const register = (c: CommandContext, studentId: string, tckn: string) =>
      handler.execute(
        new RegisterStudentCommand(c, studentId, registerStudentSchema.parse(studentBody(tckn))),
      );
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e,
      );
    const streamsOf = (studentId: string, tckn: string) =>
      studentRegistrationStreams({
        studentId,
        organizationId,
        input: registerStudentSchema.parse(studentBody(tckn)),
        tcknRef: dataKeys.tcknRef,
      });
    const holderOf = async (studentId: string, tckn: string) =>
      (await executor.load(streamsOf(studentId, tckn).tckn.current, tcknReservationDecider)).state.holder;

    it('releases the TCKN when the student append meets a conflict, and refuses as an atomic store would', async () => {
      const tckn = nextTckn();
      const studentId = randomUUID();
      // Someone registers a student under the same id between our read and our student append.
      store.failNext({
        matches: (s) => s === studentStream(studentId),
        before: async () => void (await register(ctx(), studentId, nextTckn())),
      });
      const error = await refusal(register(ctx(), studentId, tckn));
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('student.alreadyExists');
      expect(await holderOf(studentId, tckn)).toBeNull();

      const other = randomUUID();
      const registered = await register(ctx(), other, tckn);
      expect(registered.id).toBe(other);
      expect(await holderOf(other, tckn)).toBe(other);
      // The number the failed registration drew stays drawn: the next one is not given twice.
      const numbers = await executor.load(streamsOf(other, tckn).numbers, studentNumberDecider);
      expect(numbers.state.highest).toBe(registered.studentNumber % 1000);
    });

    it('answers a failure of the student append unchanged after the release; the same Idempotency-Key then registers once', async () => {
      const tckn = nextTckn();
      const studentId = randomUUID();
      const key = `user-1:${randomUUID()}`;
      const lost = new Error('deadline exceeded');
      store.failNext({ matches: (s) => s === studentStream(studentId), error: lost });
      expect(await refusal(register(ctx(0, key), studentId, tckn))).toBe(lost);
      expect(await holderOf(studentId, tckn)).toBeNull();
      expect(await store.readStream(studentStream(studentId))).toEqual([]);

      const first = await register(ctx(0, key), studentId, tckn);
      expect(first.id).toBe(studentId);
      expect(await holderOf(studentId, tckn)).toBe(studentId);
      const head = await store.headPosition();
      // Retried again (the answer was lost): the same answer, nothing written twice.
      expect(await register(ctx(0, key), studentId, tckn)).toEqual(first);
      expect(await store.headPosition()).toBe(head);
      expect(await store.readStream(studentStream(studentId))).toHaveLength(1);
      // The number drawn by the failed try is the one the student got: the retry decided it again.
      const allocated = (await store.readStream(streamsOf(studentId, tckn).numbers)).filter(
        (e) => (e.data as { studentId: string }).studentId === studentId,
      );
      expect(allocated.map((e) => (e.data as { studentNumber: number }).studentNumber)).toEqual([
        first.studentNumber,
      ]);

      const taken = await refusal(register(ctx(), randomUUID(), tckn));
      expect((taken as DomainError).details).toMatchObject({ tcknHolderId: studentId });
    });

    it('takes over a reservation left by a process that died before its student, once abandoned', async () => {
      const tckn = nextTckn();
      const dead = randomUUID();
      const key = `user-1:${randomUUID()}`;
      store.failNext({
        matches: (s) => s === studentStream(dead),
        error: new Error('killed'),
        crash: true,
      });
      await expect(register(ctx(0, key), dead, tckn)).rejects.toThrow('killed');
      store.restart();
      expect(await holderOf(dead, tckn)).toBe(dead);

      // A registration still running holds its reservation: a young one is not taken over.
      const next = randomUUID();
      const young = await refusal(register(ctx(1), next, tckn));
      expect((young as DomainError).details).toMatchObject({ tcknHolderId: dead });

      const late = ABANDONED_TCKN_RESERVATION_MS / 60_000 + 1;
      expect((await register(ctx(late), next, tckn)).id).toBe(next);
      expect(await holderOf(next, tckn)).toBe(next);
      const history = await store.readStream(streamsOf(next, tckn).tckn.current);
      expect(history.map((e) => [e.type, (e.data as { studentId: string }).studentId])).toEqual([
        ['TcknReserved', dead],
        ['TcknReleased', dead],
        ['TcknReserved', next],
      ]);

      // The dead request retried with its key even later finds its reservation taken over, not its own.
      const retried = await refusal(register(ctx(late + 1, key), dead, tckn));
      expect((retried as DomainError).details).toMatchObject({ tcknHolderId: next });
      expect(await store.readStream(studentStream(dead))).toEqual([]);
    });
  });
}

nonAtomicRegistration('PostgreSQL written stream by stream', (database) =>
  PostgresEventStore.create(database.db),
);

const url = process.env.EVENTSTORE_URL;
describe.skipIf(!url)(url ? 'EventStoreDB' : 'EventStoreDB cases skipped: EVENTSTORE_URL not set', () => {
  nonAtomicRegistration('EventStoreDB', async () => EventStoreDbEventStore.connect(url as string));
});
