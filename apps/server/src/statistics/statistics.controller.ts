import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import {
  ROLES,
  ageGroupsAnswerSchema,
  getStatisticsQuerySchema,
  statisticsAnswerSchema,
  type StatisticsAnswer,
} from '@okul/domain';
import { readAgeGroupsUntil, readStatisticsUntil, type Db } from '@okul/projections';
import { MinRole } from '../auth/decorators';
import { ApiAnswer, ApiQuery } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import type { AppRequest } from '../infra/http/request-context';
import type { Response } from 'express';
import { ReadCache, sendJsonBytes } from '../infra/read-model/read-cache';
import { DB } from '../infra/tokens';

/** The read models a statistics answer is built from (the stamp of a kept answer). */
const STATISTICS_SOURCES = ['statistics', 'courses', 'employees'];
/** The read models the age groups are counted from. */
const AGE_GROUPS_SOURCES = ['students', 'enrollments'];

/**
 * Statistics (product.md 6: school-admin): the Ana Sayfa panel's age groups (api.md 9.4) and the İstatistikler
 * view (ours, docs/DECISIONS.md).
 */
@Controller('api/v1/orgs/:orgID')
export class StatisticsController {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(ReadCache) private readonly cache: ReadCache,
  ) {}

  @Get('getAgeGroups')
  @MinRole(ROLES.schoolAdmin)
  @ApiAnswer(ageGroupsAnswerSchema, 'The active students by age group (api.md 9.4)')
  async getAgeGroups(@Req() req: AppRequest, @Res() res: Response): Promise<void> {
    const org = req.org!.id;
    const now = new Date();
    // Read on every Ana Sayfa of an admin: one answer until the organisation's next event, the next Istanbul
    // midnight (ages) or the next enrolment end (who is active), handed out with each request's own moment.
    // The counts are kept as JSON without `asOf` (first in the answer), which each request puts before them:
    // the answer's JSON without parsing or serialising the kept part.
    const kept = await this.cache.get(`getAgeGroups|${org}`, org, AGE_GROUPS_SOURCES, now, async () => {
      const { answer, validUntil } = await readAgeGroupsUntil(this.db, org, now);
      return { text: JSON.stringify({ ...answer, asOf: undefined }), validUntil };
    });
    sendJsonBytes(
      res,
      Buffer.concat([Buffer.from(`{"asOf":${JSON.stringify(now.toISOString())},`), kept.body.subarray(1)]),
    );
  }

  @Get('getStatistics')
  @MinRole(ROLES.schoolAdmin)
  @ApiQuery(getStatisticsQuerySchema)
  @ApiAnswer(statisticsAnswerSchema, 'Monthly figures, lessons by course and instructor, as of a moment')
  async getStatistics(@Req() req: AppRequest, @Query() query: unknown) {
    const org = req.org!.id;
    const q = parseBody(getStatisticsQuerySchema, query);
    // "Now" (no asOf given) is one answer until the organisation's next event, the end of the Istanbul day or
    // a periodic charge falling due, whatever the millisecond asked: it is kept under its months only, and
    // handed out with the moment each request asked. A past moment's answer never changes with the clock.
    const now = (query as { asOf?: unknown } | undefined)?.asOf === undefined;
    const kept = await this.cache.get(
      `getStatistics|${org}|${q.from}|${q.to}|${now ? 'now' : q.asOf}`,
      org,
      STATISTICS_SOURCES,
      new Date(q.asOf),
      async () => {
        const { answer, validUntil } = await readStatisticsUntil(this.db, org, q);
        return { text: JSON.stringify(answer), validUntil: now ? validUntil : Number.POSITIVE_INFINITY };
      },
    );
    return { ...(JSON.parse(kept.body.toString('utf8')) as StatisticsAnswer), asOf: q.asOf };
  }
}
