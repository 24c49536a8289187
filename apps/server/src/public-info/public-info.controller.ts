import { Controller, Get, Inject } from '@nestjs/common';
import type { PublicInfo } from '@okul/domain';
import { Public } from '../auth/decorators';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../infra/tokens';
import { ApiAnswer } from '../infra/http/api-doc';
import { publicInfoSchema } from '@okul/domain';

export function publicInfo(config: AppConfig): PublicInfo {
  return {
    testAids: config.testAids,
    company: {
      name: config.COMPANY_NAME,
      address: config.COMPANY_ADDRESS,
      email: config.COMPANY_EMAIL,
      phone: config.COMPANY_PHONE,
      kep: config.COMPANY_KEP,
      taxOffice: config.COMPANY_TAX_OFFICE,
      taxNumber: config.COMPANY_TAX_NUMBER,
      mersis: config.COMPANY_MERSIS,
      tradeRegistry: config.COMPANY_TRADE_REGISTRY,
      chamber: config.COMPANY_CHAMBER,
    },
  };
}

/** GET /api/v1/publicInfo (no auth): read by the landing page footer, /kayit, /odeme and the student form. */
@Controller('api/v1')
export class PublicInfoController {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  @Public()
  @ApiAnswer(publicInfoSchema)
  @Get('publicInfo')
  get(): PublicInfo {
    return publicInfo(this.config);
  }
}
