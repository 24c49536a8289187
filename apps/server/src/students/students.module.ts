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
import { StudentImportController } from './student-import.controller';
import { ImportStudentsHandler } from './student-import.commands';
import { StudentsQueries } from './students.queries';

@Module({
  controllers: [StudentsController, StudentImportController],
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
    ImportStudentsHandler,
  ],
  exports: [StudentsQueries],
})
export class StudentsModule {}
