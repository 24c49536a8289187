import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  checkImportRow,
  countOutcomes,
  duplicateRefusal,
  duplicateTcknLines,
  findUnstorableText,
  importedStudentKey,
  legacyImportedStudentKey,
  message,
  planStudentImport,
  studentDecider,
  studentImportDecider,
  studentImportStream,
  studentNumberDecider,
  studentRegistrationStreams,
  studentStream,
  tcknReservationDecider,
  withCreatePrefix,
  type ImportCandidate,
  type ImportRowOutcome,
  type ImportStudentsAnswer,
  type ImportStudentsInput,
} from '@okul/domain';
import {
  CommandExecutor,
  decideOn,
  type CommandContext,
  type LoadedStream,
  type StreamDecision,
} from '../infra/command-executor';
import { deterministicUuid } from '../infra/ids';
import type { Persistence } from '../infra/persistence';
import { PERSISTENCE } from '../infra/tokens';

export class ImportStudentsCommand extends Command<ImportStudentsAnswer> {
  constructor(
    readonly ctx: CommandContext,
    readonly importId: string,
    readonly input: ImportStudentsInput,
  ) {
    super();
  }
}

/**
 * One chunk of an imported list. Every row is checked with the student form's schema and registered through
 * the form's plan; the rows that pass are appended together (each student, its TCKN reservation, one append
 * per year counter) with the record of the import, so a chunk is written whole or, after a conflict, decided
 * again from fresh reads. A row's student id comes from the organisation and its TCKN: importing the same
 * file again finds the students it made and adds nothing (docs/DECISIONS.md).
 */
@CommandHandler(ImportStudentsCommand)
export class ImportStudentsHandler implements ICommandHandler<ImportStudentsCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(PERSISTENCE) private readonly persistence: Persistence,
  ) {}

  async execute({ ctx, importId, input }: ImportStudentsCommand): Promise<ImportStudentsAnswer> {
    const organizationId = ctx.organizationId!;
    const tcknRef = this.persistence.dataKeys.tcknRef;
    const early = new Map<number, ImportRowOutcome>();
    const candidates: ImportCandidate[] = [];
    const checked = input.rows.map((row) => {
      // Text the database cannot store refuses its row only, worded as the whole request would be.
      const field = findUnstorableText(row.student);
      if (field !== null) {
        return {
          line: row.line,
          result: {
            ok: false as const,
            code: 'common.badText' as const,
            error: withCreatePrefix(message('common.badText', { field })),
          },
        };
      }
      return { line: row.line, result: checkImportRow(row.student) };
    });
    const duplicates = duplicateTcknLines(
      checked.map((c) => ({ line: c.line, tckn: c.result.ok ? c.result.student.TCKN : null })),
    );
    for (const { line, result } of checked) {
      const earlier = duplicates.get(line);
      if (!result.ok) early.set(line, { line, status: 'refused', code: result.code, error: result.error });
      else if (earlier !== undefined)
        early.set(line, { line, status: 'refused', ...duplicateRefusal(earlier) });
      else
        candidates.push({
          line,
          studentId: deterministicUuid(
            importedStudentKey(organizationId, tcknRef(organizationId, result.student.TCKN)),
          ),
          input: result.student,
        });
    }
    const legacyIds = candidates.map((c) =>
      deterministicUuid(legacyImportedStudentKey(organizationId, c.input.TCKN)),
    );

    let outcomes: ImportRowOutcome[] = [];
    await this.executor.executeMany(ctx, async () => {
      // A row imported before the keyed ids has its student under the id derived from the TCKN in clear: a
      // re-run must still find it (answered `existing`), so that id is kept where its student exists.
      const legacy = await this.executor.loadMany(legacyIds.map(studentStream), studentDecider);
      candidates.forEach((c, i) => {
        if (legacy.get(studentStream(legacyIds[i]))?.state.status !== 'none') c.studentId = legacyIds[i];
      });
      const streams = candidates.map((c) => studentRegistrationStreams({ ...c, organizationId, tcknRef }));
      const [students, tckns, numbers, record] = await Promise.all([
        this.executor.loadMany(
          streams.map((s) => s.student),
          studentDecider,
        ),
        this.executor.loadMany(
          streams.flatMap((s) => [s.tckn.current, s.tckn.legacy]),
          tcknReservationDecider,
        ),
        this.executor.loadMany(
          streams.map((s) => s.numbers),
          studentNumberDecider,
        ),
        this.executor.load(studentImportStream(importId), studentImportDecider),
      ]);
      const plan = planStudentImport(
        { organizationId, userId: ctx.userId, now: ctx.now.toISOString(), candidates, tcknRef },
        {
          students: stateMap(students),
          tckns: stateMap(tckns),
          numbers: stateMap(numbers),
        },
      );
      const byLine = new Map(plan.outcomes.map((o) => [o.line, o]));
      outcomes = input.rows.map((r) => early.get(r.line) ?? byLine.get(r.line)!);
      const decisions: StreamDecision[] = [
        ...plan.students.map((p) => ({ stream: students.get(p.streamId)!, events: p.events })),
        ...plan.tckns.map((p) => ({ stream: tckns.get(p.streamId)!, events: p.events, release: p.release })),
        ...plan.numbers.map((p) => ({
          stream: numbers.get(p.streamId)!,
          events: p.events,
          allocation: true,
        })),
        decideOn(record, studentImportDecider, {
          type: 'RecordStudentImport',
          importId,
          organizationId,
          fileName: input.fileName,
          counts: countOutcomes(outcomes),
          userId: ctx.userId,
          now: ctx.now.toISOString(),
        }),
      ];
      return decisions;
    });
    return { ...countOutcomes(outcomes), rows: outcomes };
  }
}

function stateMap<S>(loaded: Map<string, LoadedStream<S>>): Map<string, S> {
  return new Map([...loaded].map(([id, l]) => [id, l.state]));
}
