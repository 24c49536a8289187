import { Inject, Injectable } from '@nestjs/common';
import { plainIp, sessionDecider, sessionStream, type SessionEndReason } from '@okul/domain';
import { readLiveSessionIds, readLiveSessions, type Db } from '@okul/projections';
import { CommandExecutor, decideOn, type StreamDecision } from '../infra/command-executor';
import { DB } from '../infra/tokens';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The signed-in user's sessions (api.md 7.2 getSessions) and ending them in bulk (password change). */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
  ) {}

  /** Live sessions only (not ended, not expired), most recently used first. */
  async list(userId: string, currentSessionId: string) {
    const rows = await readLiveSessions(this.db, userId);
    return {
      sessions: rows.map((s) => ({
        sessionId: s.id,
        createdAt: iso(s.created_at),
        lastUsedAt: iso(s.last_used_at),
        expiresAt: iso(s.expires_at),
        ipAddress: plainIp(s.ip_address),
        userAgent: s.user_agent,
        isCurrent: s.id === currentSessionId,
      })),
      currentSessionId,
    };
  }

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
