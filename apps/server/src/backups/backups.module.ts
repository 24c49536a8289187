import { Module } from '@nestjs/common';
import { ImportOrganizationBackupHandler, RecordBackupHandler } from './backups.commands';
import { BackupsController } from './backups.controller';

@Module({
  controllers: [BackupsController],
  providers: [RecordBackupHandler, ImportOrganizationBackupHandler],
})
export class BackupsModule {}
