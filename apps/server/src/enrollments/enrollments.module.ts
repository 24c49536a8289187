import { Module } from '@nestjs/common';
import { AddEnrollmentHandler, EditEnrollmentHandler, EndEnrollmentHandler } from './enrollment.commands';
import { EnrollmentsController } from './enrollments.controller';
import { EnrollmentsQueries } from './enrollments.queries';

@Module({
  controllers: [EnrollmentsController],
  providers: [EnrollmentsQueries, AddEnrollmentHandler, EditEnrollmentHandler, EndEnrollmentHandler],
})
export class EnrollmentsModule {}
