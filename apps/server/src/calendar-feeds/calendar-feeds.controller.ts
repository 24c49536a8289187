import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  CALENDAR_FEED_KINDS,
  DomainError,
  ROLES,
  calendarFeedPath,
  revokeCalendarFeedSchema,
  rotateCalendarFeedSchema,
} from '@okul/domain';
import {
  readCalendarFeedByToken,
  readCalendarFeedLabels,
  readCalendarFeeds,
  readOccurrences,
  type Db,
} from '@okul/projections';
import type { Response } from 'express';
import { z } from 'zod';
import { MinRole, Public } from '../auth/decorators';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { ApiAnswer, ApiAnswerMedia, ApiBody, ApiErrors } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import { commandContext, type AppRequest } from '../infra/http/request-context';
import { CROSS_ORG_DB, DB } from '../infra/tokens';
import { withOrganization } from '../infra/organization-scope';
import { RevokeCalendarFeedCommand, RotateCalendarFeedCommand } from './calendar-feeds.commands';
import { icalFeed } from './ical-feed';

const feedAnswerSchema = z.object({
  kind: z.enum(CALENDAR_FEED_KINDS),
  ownerId: z.string().nullable(),
  token: z.string(),
  path: z.string(),
  rotatedAt: z.string(),
});
const feedsAnswerSchema = z.array(feedAnswerSchema);
const rotateAnswerSchema = z.object({ token: z.string(), path: z.string() });
const revokeAnswerSchema = z.object({ ok: z.literal(true) });

const DAY = 24 * 3_600_000;
/** A feed lists the lessons of the last 30 days (recently past ones stay visible) and of the next year. */
const PAST_DAYS = 30;
const FUTURE_DAYS = 365;

/**
 * Calendar feeds (beyond the spec, docs/DECISIONS.md): a private, revocable `.ics` URL per organisation,
 * student and group. The URL's token is the only key, so managing feeds is school-admin.
 */
@Controller('api/v1')
export class CalendarFeedsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
  ) {}

  @ApiAnswer(feedsAnswerSchema)
  @Get('orgs/:orgID/getCalendarFeeds')
  @MinRole(ROLES.schoolAdmin)
  async getCalendarFeeds(@Req() req: AppRequest) {
    const feeds = await readCalendarFeeds(this.db, req.org!.id);
    return feeds.map((f) => ({ ...f, path: calendarFeedPath(f.token) }));
  }

  @ApiBody(rotateCalendarFeedSchema)
  @ApiAnswer(rotateAnswerSchema)
  @ApiErrors('calendarFeed.ownerNotFound')
  @Post('orgs/:orgID/rotateCalendarFeed')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  async rotateCalendarFeed(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    const { token } = await audited(this.executor, ctx, 'rotate_calendar_feed', () =>
      this.commands.execute(new RotateCalendarFeedCommand(ctx, parseBody(rotateCalendarFeedSchema, body))),
    );
    return { token, path: calendarFeedPath(token) };
  }

  @ApiBody(revokeCalendarFeedSchema)
  @ApiAnswer(revokeAnswerSchema)
  @ApiErrors('calendarFeed.notFound')
  @Post('orgs/:orgID/revokeCalendarFeed')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  revokeCalendarFeed(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'revoke_calendar_feed', () =>
      this.commands.execute(new RevokeCalendarFeedCommand(ctx, parseBody(revokeCalendarFeedSchema, body))),
    );
  }

  /** The feed itself (no auth: calendar apps only fetch a URL); an unknown or revoked token is 404. */
  @Public()
  @ApiAnswerMedia('text/calendar', 'The lessons of the feed as an RFC 5545 calendar')
  @ApiErrors('calendarFeed.notFound')
  @Get('calendar/:file')
  async feed(@Param('file') file: string, @Res() res: Response) {
    const token = /^([A-Za-z0-9_-]{43,100})\.ics$/.exec(file)?.[1];
    // The token is the only key and names no organisation: it is looked up across them, then the feed's
    // own organisation is the one read.
    const feed = token ? await readCalendarFeedByToken(this.crossOrgDb, token) : null;
    if (!feed) throw new DomainError('calendarFeed.notFound');
    const now = Date.now();
    const org = feed.organizationId;
    const [lessons, labels] = await withOrganization(org, () =>
      Promise.all([
        readOccurrences(this.db, org, {
          from: new Date(now - PAST_DAYS * DAY).toISOString(),
          to: new Date(now + FUTURE_DAYS * DAY).toISOString(),
          ...(feed.kind === 'student' ? { studentId: feed.ownerId! } : {}),
          ...(feed.kind === 'class' ? { classId: feed.ownerId! } : {}),
          ...(feed.kind === 'instructor' ? { instructorId: feed.ownerId! } : {}),
        }),
        readCalendarFeedLabels(this.db, org),
      ]),
    );
    const owner =
      feed.kind === 'class'
        ? labels.classes.get(feed.ownerId!)
        : feed.kind === 'student'
          ? 'Öğrenci'
          : feed.kind === 'instructor'
            ? 'Eğitmen'
            : null;
    const name = owner ? `${labels.organizationName} · ${owner}` : labels.organizationName;
    res.status(200);
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.end(icalFeed(name, lessons, labels, new Date(now)));
  }
}
