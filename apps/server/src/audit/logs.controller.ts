import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { plainIp, ROLES } from '@okul/domain';
import type { Db } from '@okul/projections';
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
    const params: unknown[] = [req.org!.id];
    let where = 'l.organization_id = $1';
    if (q.action) {
      params.push(q.action);
      where += ` AND l.action = $${params.length}`;
    }
    if (q.lastDoc !== null && q.lastDoc !== undefined && !q.reset) {
      params.push(String(q.lastDoc));
      where += ` AND l.id < $${params.length}`;
    }
    params.push(q.limit + 1);
    const r = await this.db.query<{
      id: string;
      created_at: Date;
      user_id: string | null;
      action: string;
      details: Record<string, unknown>;
      ip_address: string | null;
      user_agent: string | null;
      user_name: string | null;
      user_email: string | null;
    }>(
      `SELECT l.id::text AS id, l.created_at, l.user_id, l.action, l.details, l.ip_address, l.user_agent, u.name AS user_name, u.email AS user_email
         FROM audit_log l LEFT JOIN users u ON u.id::text = l.user_id
        WHERE ${where} ORDER BY l.id DESC LIMIT $${params.length}`,
      params,
    );
    const rows = r.rows.slice(0, q.limit);
    return {
      logs: rows.map((l) => ({
        id: l.id,
        createdAt: new Date(l.created_at).toISOString(),
        userId: l.user_id,
        userName: l.user_name,
        userEmail: l.user_email,
        action: l.action,
        details: l.details,
        // entries recorded before addresses were stored plain
        ipAddress: plainIp(l.ip_address),
        userAgent: l.user_agent,
      })),
      hasMore: r.rows.length > q.limit,
    };
  }
}
