import { Module } from '@nestjs/common';
import { StudentsModule } from '../students/students.module';
import { HistoryController } from './history.controller';
import { HistoryQueries } from './history.queries';

@Module({ imports: [StudentsModule], controllers: [HistoryController], providers: [HistoryQueries] })
export class HistoryModule {}
