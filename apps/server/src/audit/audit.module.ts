import { Module } from '@nestjs/common';
import { LogsController } from './logs.controller';
import { SystemLogsController } from './system-logs.controller';

@Module({ controllers: [LogsController, SystemLogsController] })
export class AuditModule {}
