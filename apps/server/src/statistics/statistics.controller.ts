import { Controller, Get, Inject, Req } from '@nestjs/common';
import { ROLES, ageGroupsAnswerSchema } from '@okul/domain';
import { readAgeGroups, type Db } from '@okul/projections';
import { MinRole } from '../auth/decorators';
import { ApiAnswer } from '../infra/http/api-doc';
import type { AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';

/** Statistics (product.md 6: school-admin): the Ana Sayfa panel's age groups (api.md 9.4). */
@Controller('api/v1/orgs/:orgID')
export class StatisticsController {
  constructor(@Inject(DB) private readonly db: Db) {}

  @Get('getAgeGroups')
  @MinRole(ROLES.schoolAdmin)
  @ApiAnswer(ageGroupsAnswerSchema, 'The active students by age group (api.md 9.4)')
  getAgeGroups(@Req() req: AppRequest) {
    return readAgeGroups(this.db, req.org!.id, new Date());
  }
}
