import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { ROLES, ageGroupsAnswerSchema, getStatisticsQuerySchema, statisticsAnswerSchema } from '@okul/domain';
import { readAgeGroups, readStatistics, type Db } from '@okul/projections';
import { MinRole } from '../auth/decorators';
import { ApiAnswer, ApiQuery } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import type { AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';

/**
 * Statistics (product.md 6: school-admin): the Ana Sayfa panel's age groups (api.md 9.4) and the İstatistikler
 * view (ours, docs/DECISIONS.md).
 */
@Controller('api/v1/orgs/:orgID')
export class StatisticsController {
  constructor(@Inject(DB) private readonly db: Db) {}

  @Get('getAgeGroups')
  @MinRole(ROLES.schoolAdmin)
  @ApiAnswer(ageGroupsAnswerSchema, 'The active students by age group (api.md 9.4)')
  getAgeGroups(@Req() req: AppRequest) {
    return readAgeGroups(this.db, req.org!.id, new Date());
  }

  @Get('getStatistics')
  @MinRole(ROLES.schoolAdmin)
  @ApiQuery(getStatisticsQuerySchema)
  @ApiAnswer(statisticsAnswerSchema, 'Monthly figures, lessons by course and instructor, as of a moment')
  getStatistics(@Req() req: AppRequest, @Query() query: unknown) {
    return readStatistics(this.db, req.org!.id, parseBody(getStatisticsQuerySchema, query));
  }
}
