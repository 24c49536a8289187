import { Module } from '@nestjs/common';
import {
  AddEmployeeHandler,
  AddInstructorHandler,
  DeleteEmployeeHandler,
  EditEmployeeHandler,
  EditInstructorHandler,
  PermanentlyDeleteEmployeeHandler,
  ResurrectEmployeeHandler,
} from './employee.commands';
import { EmployeesController } from './employees.controller';
import { EmployeesQueries } from './employees.queries';

@Module({
  controllers: [EmployeesController],
  providers: [
    EmployeesQueries,
    AddInstructorHandler,
    EditInstructorHandler,
    AddEmployeeHandler,
    EditEmployeeHandler,
    DeleteEmployeeHandler,
    ResurrectEmployeeHandler,
    PermanentlyDeleteEmployeeHandler,
  ],
  exports: [EmployeesQueries],
})
export class EmployeesModule {}
