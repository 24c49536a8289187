import { Module } from '@nestjs/common';
import { AddCourseHandler, RunCourseHandler } from './course.commands';
import { CoursesController } from './courses.controller';

@Module({ controllers: [CoursesController], providers: [AddCourseHandler, RunCourseHandler] })
export class CoursesModule {}
