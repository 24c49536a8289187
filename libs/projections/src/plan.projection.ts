import { defineProjection } from './runtime/projection';
import { classesHandlers, classesSchema, classesTables } from './groups/classes.projection';
import { schedulesHandlers, schedulesSchema, schedulesTables } from './schedules/schedules.projection';
import { gradesHandlers, gradesSchema, gradesTables } from './grades/grades.projection';
import {
  calendarFeedsHandlers,
  calendarFeedsSchema,
  calendarFeedsTables,
} from './calendar-feeds/calendar-feeds.projection';

/**
 * The teaching plan's read models (groups, schedules, grades, calendar feeds) in one projection: each
 * projection holds a database connection of its own for its leader lock, so related tables share one.
 */
export const planProjection = defineProjection({
  name: 'plan',
  version: 5,
  tables: [...classesTables, ...schedulesTables, ...gradesTables, ...calendarFeedsTables],
  schema: (t) => [classesSchema(t), schedulesSchema(t), gradesSchema(t), calendarFeedsSchema(t)].join('\n'),
  handlers: { ...classesHandlers, ...schedulesHandlers, ...gradesHandlers, ...calendarFeedsHandlers },
});
