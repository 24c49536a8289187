import { Module } from '@nestjs/common';
import { BalancesService } from './balances.service';
import { DashboardService } from './dashboard.service';
import { ReadCache } from '../infra/read-model/read-cache';
import {
  EditStudentHandler,
  EraseStudentPersonalDataHandler,
  RegisterStudentHandler,
  ResurrectStudentHandler,
  SoftDeleteStudentHandler,
} from './student.commands';
import { StudentsController } from './students.controller';
import { StudentsQueries } from './students.queries';

@Module({
  controllers: [StudentsController],
  providers: [
    StudentsQueries,
    BalancesService,
    DashboardService,
    ReadCache,
    RegisterStudentHandler,
    EditStudentHandler,
    SoftDeleteStudentHandler,
    ResurrectStudentHandler,
    EraseStudentPersonalDataHandler,
  ],
  exports: [StudentsQueries],
})
export class StudentsModule {}
