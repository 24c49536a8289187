import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { enrollmentDecider, enrollmentStream, type EnrollmentCommand } from '@okul/domain';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';

/**
 * Any enrolment command. Enrolments live in their student's stream (enrollments/decider.ts), so the rules
 * over all of a student's enrolments of a course (one active, no overlap) hold under concurrency: two racing
 * changes conflict on the stream's expected version and the later one is decided again.
 */
export class RunEnrollmentCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly command: EnrollmentCommand,
  ) {
    super();
  }
}

@CommandHandler(RunEnrollmentCommand)
export class RunEnrollmentHandler implements ICommandHandler<RunEnrollmentCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, command }: RunEnrollmentCommand) {
    await this.executor.execute(ctx, enrollmentStream(command.studentId), enrollmentDecider, command);
    return { id: command.enrollmentId };
  }
}
