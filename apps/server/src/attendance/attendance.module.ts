import { Module } from '@nestjs/common';
import { AddAttendanceHandler, DeleteAttendanceHandler, EditAttendanceHandler } from './attendance.commands';
import { AttendancesController } from './attendances.controller';
import { AttendancesQueries } from './attendances.queries';

@Module({
  controllers: [AttendancesController],
  providers: [AttendancesQueries, AddAttendanceHandler, EditAttendanceHandler, DeleteAttendanceHandler],
})
export class AttendanceModule {}
