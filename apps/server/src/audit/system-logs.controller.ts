import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import {
  accountActivityPageSchema,
  accountActivityQuerySchema,
  describeDevice,
  DomainError,
  hasRole,
  logSentence,
  requestSystemLogsSchema,
  ROLES,
  systemLogsPageSchema,
} from '@okul/domain';
import { readAccountActivity, readSystemLogs, type Db } from '@okul/projections';
import { AccountCall } from '../auth/decorators';
import { ApiAnswer, ApiBody, ApiErrors } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import type { AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';

/**
 * Account actions that belong to no organisation (logins, logouts, password resets, profile changes): all of
 * them for developers (api.md 7.4 requestSystemLogs), and each user's own in Ayarlar.
 */
@Controller('api/v1')
export class SystemLogsController {
  constructor(@Inject(DB) private readonly db: Db) {}

  @AccountCall()
  @ApiBody(requestSystemLogsSchema)
  @ApiAnswer(systemLogsPageSchema)
  @ApiErrors('auth.forbidden')
  @Post('requestSystemLogs')
  @HttpCode(200)
  async requestSystemLogs(@Req() req: AppRequest, @Body() body: unknown) {
    // api.md 7.4 lists requestSystemLogs among the global roles' calls: developers (1) and admins (0).
    if (!hasRole(req.principal!.globalRoleId, ROLES.developer)) throw new DomainError('auth.forbidden');
    const q = parseBody(requestSystemLogsSchema, body ?? {});
    const page = await readSystemLogs(this.db, {
      action: q.action ?? null,
      limit: q.limit,
      lastDoc: q.lastDoc === null || q.lastDoc === undefined ? null : String(q.lastDoc),
    });
    return { ...page, logs: page.logs.map((l) => ({ ...l, sentence: logSentence(l.action, l.details) })) };
  }

  @AccountCall()
  @ApiAnswer(accountActivityPageSchema)
  @Get('getAccountActivity')
  async getAccountActivity(@Req() req: AppRequest, @Query() query: unknown) {
    const q = parseBody(accountActivityQuerySchema, query ?? {});
    const page = await readAccountActivity(this.db, req.principal!.userId, {
      limit: q.limit,
      lastDoc: q.lastDoc ?? null,
    });
    return {
      ...page,
      logs: page.logs.map((l) => ({
        ...l,
        sentence: logSentence(l.action, l.details),
        device: describeDevice(l.userAgent),
      })),
    };
  }
}
