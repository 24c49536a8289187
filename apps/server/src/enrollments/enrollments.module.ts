import { Module } from '@nestjs/common';
import { RunEnrollmentHandler } from './enrollment.commands';
import { EnrollmentsController } from './enrollments.controller';
import { EnrollmentsQueries } from './enrollments.queries';

@Module({ controllers: [EnrollmentsController], providers: [EnrollmentsQueries, RunEnrollmentHandler] })
export class EnrollmentsModule {}
