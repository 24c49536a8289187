import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from './accounts/accounts.module';
import { AuditModule } from './audit/audit.module';
import { BillingModule } from './billing/billing.module';
import { AccessService } from './auth/access.service';
import { AuthGuard } from './auth/auth.guard';
import { TokenService } from './auth/token.service';
import { CoursesModule } from './courses/courses.module';
import { StudentsModule } from './students/students.module';
import { EnrollmentsModule } from './enrollments/enrollments.module';
import { AttendanceModule } from './attendance/attendance.module';
import { PaymentsModule } from './payments/payments.module';
import { AccountingModule } from './accounting/accounting.module';
import { StatisticsModule } from './statistics/statistics.module';
import { ReceiptsModule } from './receipts/receipts.module';
import { ExportsModule } from './exports/exports.module';
import { GroupsModule } from './groups/groups.module';
import { EmployeesModule } from './employees/employees.module';
import { SmsModule } from './sms/sms.module';
import { SchedulesModule } from './schedules/schedules.module';
import { GradesModule } from './grades/grades.module';
import { CalendarFeedsModule } from './calendar-feeds/calendar-feeds.module';
import { MediaModule } from './media/media.module';
import { BackupsModule } from './backups/backups.module';
import { HistoryModule } from './history/history.module';
import { guardStaleReads } from './infra/stale-reads';
import { awaitReadModels, OrganizationHeads, readSideWaits } from './infra/read-side-waits';
import { HealthController } from './health/health.controller';
import { ApiDocsController } from './api-docs/api-docs.controller';
import { PublicInfoController } from './public-info/public-info.controller';
import { CommandExecutor } from './infra/command-executor';
import { IdempotentResponses, interceptWrites } from './infra/http/idempotent-responses';
import {
  CONFIG,
  CROSS_ORG_DB,
  CROSS_ORG_EVENT_STORE,
  DB,
  EVENT_STORE,
  JOB_QUEUE,
  PERSISTENCE,
  PROJECTIONS,
} from './infra/tokens';
import type { Runtime } from './runtime';

/** Feature modules, one per bounded context. Add yours here. */
const FEATURE_MODULES = [
  AccountsModule,
  BillingModule,
  CoursesModule,
  AuditModule,
  StudentsModule,
  EnrollmentsModule,
  AttendanceModule,
  PaymentsModule,
  AccountingModule,
  StatisticsModule,
  ReceiptsModule,
  ExportsModule,
  GroupsModule,
  EmployeesModule,
  SmsModule,
  SchedulesModule,
  GradesModule,
  CalendarFeedsModule,
  MediaModule,
  BackupsModule,
  HistoryModule,
];

@Global()
@Module({})
class CoreModule {
  static forRoot(runtime: Runtime): DynamicModule {
    const heads = new OrganizationHeads(runtime.persistence.store, runtime.persistence.db);
    const readSide = readSideWaits(runtime.persistence.db, runtime.runner.projections);
    const providers = [
      { provide: CONFIG, useValue: runtime.config },
      { provide: PERSISTENCE, useValue: runtime.persistence },
      { provide: OrganizationHeads, useValue: heads },
      {
        provide: DB,
        useValue: awaitReadModels(
          guardStaleReads(runtime.persistence.db, runtime.runner.projections, runtime.persistence.ownerDb),
          runtime.runner,
          heads,
          readSide,
        ),
      },
      {
        provide: CROSS_ORG_DB,
        useValue: awaitReadModels(runtime.persistence.ownerDb, runtime.runner, heads, readSide, {
          crossOrganization: true,
        }),
      },
      { provide: CROSS_ORG_EVENT_STORE, useValue: runtime.persistence.ownerStore },
      { provide: EVENT_STORE, useValue: runtime.persistence.store },
      { provide: PROJECTIONS, useValue: runtime.runner },
      { provide: JOB_QUEUE, useValue: runtime.queue },
      CommandExecutor,
      TokenService,
      AccessService,
      IdempotentResponses,
    ];
    return { module: CoreModule, providers, exports: providers };
  }
}

@Module({})
export class AppModule {
  static forRoot(runtime: Runtime): DynamicModule {
    const app: DynamicModule = {
      module: AppModule,
      imports: [CoreModule.forRoot(runtime), CqrsModule.forRoot(), ...FEATURE_MODULES],
      controllers: [HealthController, PublicInfoController, ApiDocsController],
      providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
    };
    // Repeated writes answer as the first (Idempotency-Key): the POST routes carry it, reads run without it.
    interceptWrites(app);
    return app;
  }
}
