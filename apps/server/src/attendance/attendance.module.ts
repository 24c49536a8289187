import { Module } from '@nestjs/common';
import { AddAttendanceHandler, DeleteAttendanceHandler, EditAttendanceHandler } from './attendance.commands';
import { AttendancesController } from './attendances.controller';
import { AttendancesQueries } from './attendances.queries';
import { ReadCache } from '../infra/read-model/read-cache';

@Module({
  controllers: [AttendancesController],
  providers: [
    AttendancesQueries,
    ReadCache,
    AddAttendanceHandler,
    EditAttendanceHandler,
    DeleteAttendanceHandler,
  ],
})
export class AttendanceModule {}
