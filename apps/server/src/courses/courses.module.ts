import { Module } from '@nestjs/common';
import {
  AddCourseHandler,
  DeleteCourseHandler,
  EditCourseHandler,
  ResurrectCourseHandler,
} from './course.commands';
import { CoursesController } from './courses.controller';

@Module({
  controllers: [CoursesController],
  providers: [AddCourseHandler, EditCourseHandler, DeleteCourseHandler, ResurrectCourseHandler],
})
export class CoursesModule {}
