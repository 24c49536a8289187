import { Module } from '@nestjs/common';
import { RevokeCalendarFeedHandler, RotateCalendarFeedHandler } from './calendar-feeds.commands';
import { CalendarFeedsController } from './calendar-feeds.controller';

@Module({
  controllers: [CalendarFeedsController],
  providers: [RotateCalendarFeedHandler, RevokeCalendarFeedHandler],
})
export class CalendarFeedsModule {}
