import { Module } from '@nestjs/common';
import { AddGradeHandler, DeleteGradeHandler, EditGradeHandler } from './grades.commands';
import { GradesController } from './grades.controller';

@Module({
  controllers: [GradesController],
  providers: [AddGradeHandler, EditGradeHandler, DeleteGradeHandler],
})
export class GradesModule {}
