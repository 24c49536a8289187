import { Module } from '@nestjs/common';
import {
  AddCourseHandler,
  DeleteCourseHandler,
  EditCourseHandler,
  ResurrectCourseHandler,
} from './course.commands';
import { ReadCache } from '../infra/read-model/read-cache';
import { CoursesController } from './courses.controller';

@Module({
  controllers: [CoursesController],
  providers: [AddCourseHandler, EditCourseHandler, DeleteCourseHandler, ResurrectCourseHandler, ReadCache],
})
export class CoursesModule {}
