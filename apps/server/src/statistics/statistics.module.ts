import { Module } from '@nestjs/common';
import { ReadCache } from '../infra/read-model/read-cache';
import { StatisticsController } from './statistics.controller';

@Module({ controllers: [StatisticsController], providers: [ReadCache] })
export class StatisticsModule {}
