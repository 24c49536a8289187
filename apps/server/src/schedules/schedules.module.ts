import { Module } from '@nestjs/common';
import {
  AddScheduleHandler,
  DeleteScheduleHandler,
  RemoveScheduleClassHandler,
  RemoveScheduleStudentHandler,
  UpdateScheduleDetailsHandler,
  UpdateScheduleMembersHandler,
} from './schedules.commands';
import { SchedulesController } from './schedules.controller';

@Module({
  controllers: [SchedulesController],
  providers: [
    AddScheduleHandler,
    UpdateScheduleDetailsHandler,
    UpdateScheduleMembersHandler,
    RemoveScheduleStudentHandler,
    RemoveScheduleClassHandler,
    DeleteScheduleHandler,
  ],
})
export class SchedulesModule {}
