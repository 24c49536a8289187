import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { paymentDecider, paymentStream, type PaymentCommand } from '@okul/domain';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';

/** Any payment command; each payment is its own stream (payments/decider.ts). */
export class RunPaymentCommand extends Command<{ id: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly command: PaymentCommand,
  ) {
    super();
  }
}

@CommandHandler(RunPaymentCommand)
export class RunPaymentHandler implements ICommandHandler<RunPaymentCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, command }: RunPaymentCommand) {
    await this.executor.execute(ctx, paymentStream(command.paymentId), paymentDecider, command);
    return { id: command.paymentId };
  }
}
