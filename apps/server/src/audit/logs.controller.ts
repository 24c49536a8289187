import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { plainIp, ROLES } from '@okul/domain';
import { readOrgLogs, type Db } from '@okul/projections';
import { z } from 'zod';
import { MinRole } from '../auth/decorators';
import { parseBody } from '../infra/http/parse';
import type { AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';
import { ApiAnswer, ApiBody } from '../infra/http/api-doc';
import { orgLogsPageSchema } from '@okul/domain';

// api.md 7.3 Logs: {action, limit, lastDoc}; 50 a page; a reset flag starts over; paging by the last item's id.
const requestLogsSchema = z.strictObject({
  action: z.string().trim().max(100).nullish(),
  limit: z.number().int().min(1).max(200).optional().default(50),
  lastDoc: z.union([z.string().regex(/^\d{1,19}$/), z.number().int().nonnegative()]).nullish(),
  reset: z.boolean().optional(),
});

@Controller('api/v1/orgs/:orgID')
export class LogsController {
  constructor(@Inject(DB) private readonly db: Db) {}

  @ApiBody(requestLogsSchema)
  @ApiAnswer(orgLogsPageSchema)
  @Post('requestOrgLogs')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  async requestOrgLogs(@Req() req: AppRequest, @Body() body: unknown) {
    const q = parseBody(requestLogsSchema, body);
    const page = await readOrgLogs(this.db, req.org!.id, {
      action: q.action,
      limit: q.limit,
      lastDoc: q.reset || q.lastDoc === null || q.lastDoc === undefined ? null : String(q.lastDoc),
    });
    // entries recorded before addresses were stored plain
    return { ...page, logs: page.logs.map((l) => ({ ...l, ipAddress: plainIp(l.ipAddress) })) };
  }
}
