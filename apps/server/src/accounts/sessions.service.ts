import { Inject, Injectable } from '@nestjs/common';
import { sessionDecider, sessionStream, type SessionEndReason } from '@okul/domain';
import { readLiveSessionIds, type Db } from '@okul/projections';
import { CommandExecutor, decideOn, type StreamDecision } from '../infra/command-executor';
import { DB } from '../infra/tokens';

/**
 * Ending a user's sessions in bulk, for the use cases that do it together with another change (a password
 * change, "Bu ben değildim"). It appends nothing itself.
 */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
  ) {}

  /**
   * SessionEnded for every live session of the user but `exceptSessionId`, as decisions to append together
   * with the change that ends them (a password change), so both happen or neither.
   */
  async endAllDecisions(
    userId: string,
    exceptSessionId: string | null,
    reason: SessionEndReason,
    now: Date,
  ): Promise<StreamDecision[]> {
    const decisions: StreamDecision[] = [];
    for (const id of await readLiveSessionIds(this.db, userId, exceptSessionId)) {
      const session = await this.executor.load(sessionStream(id), sessionDecider);
      decisions.push(
        decideOn(session, sessionDecider, {
          type: 'EndSession',
          sessionId: id,
          userId,
          reason,
          now: now.toISOString(),
        }),
      );
    }
    return decisions;
  }
}
