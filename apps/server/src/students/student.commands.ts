import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  message,
  planStudentEdit,
  planStudentRegistration,
  planTcknRelease,
  studentDecider,
  studentEditStreams,
  studentNumberDecider,
  studentRegistrationStreams,
  studentStream,
  tcknHolder,
  tcknReservationDecider,
  tcknReservationStreams,
  type StudentInput,
  type TcknReservationState,
  type TcknReservationStreams,
} from '@okul/domain';
import {
  CommandExecutor,
  decideOn,
  type CommandContext,
  type LoadedStream,
  type StreamDecision,
} from '../infra/command-executor';
import type { Persistence } from '../infra/persistence';
import { PERSISTENCE } from '../infra/tokens';

/**
 * api.md 8.2: every refusal of a save reads "Öğrenci kaydedilemedi: {error}" (create) or "Öğrenci bilgileri
 * güncellenemedi: {error}" (update); the validation answers already carry the prefix. So the answer's `error`
 * is the toast text as it is.
 */
export async function withStudentPrefix<T>(mode: 'create' | 'edit', fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const key = mode === 'create' ? 'student.createFailed' : 'student.updateFailed';
    const prefix = message(key, { error: '' });
    if (e.message.startsWith(prefix)) throw e;
    throw new DomainError(e.code, message(key, { error: e.message }), e.details);
  }
}

export class RegisterStudentCommand extends Command<{ id: string; studentNumber: number }> {
  constructor(
    readonly ctx: CommandContext,
    readonly studentId: string,
    readonly input: StudentInput,
  ) {
    super();
  }
}

export class EditStudentCommand extends Command<{ id: string; studentNumber: number }> {
  constructor(
    readonly ctx: CommandContext,
    readonly input: { id: string } & StudentInput,
  ) {
    super();
  }
}

/** product.md 4: a deleted student is listed apart and can be restored. */
export class SoftDeleteStudentCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly studentId: string,
  ) {
    super();
  }
}

export class ResurrectStudentCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly studentId: string,
  ) {
    super();
  }
}

/**
 * product.md 3: the number is the registration year's highest plus one. The student, the year's number
 * counter and the TCKN reservation are appended together with their expected versions: two registrations
 * racing in one year both read the same counter, one append wins and the other is decided again from the
 * fresh counter (CommandExecutor), so no number is given twice.
 */
@CommandHandler(RegisterStudentCommand)
export class RegisterStudentHandler implements ICommandHandler<RegisterStudentCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(PERSISTENCE) private readonly persistence: Pick<Persistence, 'dataKeys'>,
  ) {}

  async execute({ ctx, studentId, input: parsed }: RegisterStudentCommand) {
    const organizationId = ctx.organizationId!;
    const tcknRef = this.persistence.dataKeys.tcknRef;
    let studentNumber = 0;
    await this.executor.executeMany(ctx, async () => {
      const streams = studentRegistrationStreams({ studentId, organizationId, input: parsed, tcknRef });
      const [student, tckn] = await Promise.all([
        this.executor.load(streams.student, studentDecider),
        loadTcknReservation(this.executor, streams.tckn),
      ]);
      const holder = await tcknHolderAbsent(this.executor, tckn, studentId);
      // The counter last: the turn on it lasts from this read until the draw is queued, reads excluded.
      const numbers = await this.executor.load(streams.numbers, studentNumberDecider);
      const plan = planStudentRegistration(
        { studentId, organizationId, userId: ctx.userId, now: ctx.now.toISOString(), input: parsed, tcknRef },
        {
          student: student.state,
          numbers: numbers.state,
          tckn: tcknStates(tckn),
          tcknHolderAbsent: holder.absent,
        },
      );
      studentNumber = plan.studentNumber;
      return [
        { stream: student, events: plan.student.events },
        { stream: numbers, events: plan.numbers.events, allocation: true },
        {
          stream: tckn.current,
          events: plan.tckn.events,
          release: plan.tckn.release,
          causationId: holder.reservedBy,
        },
      ];
    });
    return { id: studentId, studentNumber };
  }
}

@CommandHandler(EditStudentCommand)
export class EditStudentHandler implements ICommandHandler<EditStudentCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(PERSISTENCE) private readonly persistence: Persistence,
  ) {}

  async execute({ ctx, input }: EditStudentCommand) {
    const { id: studentId, ...parsed } = input;
    const organizationId = ctx.organizationId!;
    const tcknRef = this.persistence.dataKeys.tcknRef;
    let studentNumber = 0;
    await this.executor.executeMany(ctx, async () => {
      const student = await this.executor.load(studentStream(studentId), studentDecider);
      const request = { studentId, organizationId, input: parsed, tcknRef };
      const streams = studentEditStreams(request, student.state);
      const [newTckn, oldTckn] = await Promise.all([
        loadTcknReservation(this.executor, streams.newTckn),
        streams.oldTckn ? loadTcknReservation(this.executor, streams.oldTckn) : null,
      ]);
      const holder = await tcknHolderAbsent(this.executor, newTckn, studentId);
      const plan = planStudentEdit(
        { ...request, userId: ctx.userId, now: ctx.now.toISOString() },
        {
          student: student.state,
          newTckn: tcknStates(newTckn),
          oldTckn: oldTckn ? tcknStates(oldTckn) : null,
          newTcknHolderAbsent: holder.absent,
        },
      );
      if (student.state.status !== 'none') studentNumber = student.state.studentNumber;
      const out: StreamDecision[] = [
        { stream: student, events: plan.student.events },
        {
          stream: newTckn.current,
          events: plan.newTckn.events,
          release: plan.newTckn.release,
          causationId: holder.reservedBy,
        },
      ];
      if (plan.oldTckn && oldTckn)
        out.push({ stream: pickStream(oldTckn, plan.oldTckn.streamId), events: plan.oldTckn.events });
      return out;
    });
    return { id: studentId, studentNumber };
  }
}

@CommandHandler(SoftDeleteStudentCommand)
export class SoftDeleteStudentHandler implements ICommandHandler<SoftDeleteStudentCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, studentId }: SoftDeleteStudentCommand) {
    await this.executor.execute(ctx, studentStream(studentId), studentDecider, {
      type: 'SoftDeleteStudent',
      ...studentCommandBase(ctx, studentId),
    });
    return { id: studentId };
  }
}

@CommandHandler(ResurrectStudentCommand)
export class ResurrectStudentHandler implements ICommandHandler<ResurrectStudentCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, studentId }: ResurrectStudentCommand) {
    await this.executor.execute(ctx, studentStream(studentId), studentDecider, {
      type: 'ResurrectStudent',
      ...studentCommandBase(ctx, studentId),
    });
    return { id: studentId };
  }
}

export class EraseStudentPersonalDataCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly studentId: string,
    readonly confirmation: string,
  ) {
    super();
  }
}

/**
 * KVKK erasure: the decider records the erasure (or nothing when it is already recorded), then the student's
 * data key is shredded. The key goes after the event, so an erasure is never without its log entry; a retry
 * after a failure between the two finds the event and shreds again. The executor has waited for the
 * projections, whose erasure handlers have anonymised the read models by then.
 */
@CommandHandler(EraseStudentPersonalDataCommand)
export class EraseStudentPersonalDataHandler implements ICommandHandler<EraseStudentPersonalDataCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(PERSISTENCE) private readonly persistence: Persistence,
  ) {}

  async execute({ ctx, studentId, confirmation }: EraseStudentPersonalDataCommand) {
    const base = studentCommandBase(ctx, studentId);
    await this.executor.executeMany(ctx, async () => {
      const student = await this.executor.load(studentStream(studentId), studentDecider);
      const out: StreamDecision[] = [
        decideOn(student, studentDecider, { type: 'EraseStudentPersonalData', ...base, confirmation }),
      ];
      // The TCKN is released with the erasure (docs/DECISIONS.md): kept, it would tell whoever types it that
      // this person was a student here, and a returning person could never be registered again.
      const tckn = student.state.status === 'none' ? '' : student.state.fields.TCKN;
      if (out[0].events.length > 0 && tckn) {
        const streams = tcknReservationStreams(base.organizationId, tckn, this.persistence.dataKeys.tcknRef);
        const loaded = await loadTcknReservation(this.executor, streams);
        const release = planTcknRelease({ ...base, tckn }, streams, tcknStates(loaded));
        out.push({ stream: pickStream(loaded, release.streamId), events: release.events });
      }
      return out;
    });
    await this.persistence.dataKeys.shred(ctx.organizationId!, studentId);
    return { id: studentId };
  }
}

type LoadedTcknReservation = Record<keyof TcknReservationStreams, LoadedStream<TcknReservationState>>;

/** Both streams a TCKN's reservation can be in (the keyed one and the clear-named one of old). */
async function loadTcknReservation(
  executor: CommandExecutor,
  streams: TcknReservationStreams,
): Promise<LoadedTcknReservation> {
  const loaded = await executor.loadMany([streams.current, streams.legacy], tcknReservationDecider);
  return { current: loaded.get(streams.current)!, legacy: loaded.get(streams.legacy)! };
}

/**
 * Whether another student holds the TCKN without a student stream of its own (a registration that died
 * between its reservation and its student, where appendMany is not atomic): the reservation's decider then
 * lets an abandoned one be taken over. `reservedBy`: the holder's reservation event, which the takeover undoes.
 */
async function tcknHolderAbsent(
  executor: CommandExecutor,
  loaded: LoadedTcknReservation,
  studentId: string,
): Promise<{ absent: boolean; reservedBy?: string }> {
  const held = tcknHolder(tcknStates(loaded));
  const holder = held.state.holder;
  if (holder === null || holder === studentId) return { absent: false };
  const student = await executor.load(studentStream(holder), studentDecider);
  if (student.state.status !== 'none') return { absent: false };
  return { absent: true, reservedBy: loaded[held.in].lastEventId ?? undefined };
}

function tcknStates(loaded: LoadedTcknReservation) {
  return { current: loaded.current.state, legacy: loaded.legacy.state };
}

function pickStream(loaded: LoadedTcknReservation, streamId: string) {
  return loaded.legacy.streamId === streamId ? loaded.legacy : loaded.current;
}

function studentCommandBase(ctx: CommandContext, studentId: string) {
  return { studentId, organizationId: ctx.organizationId!, userId: ctx.userId, now: ctx.now.toISOString() };
}
