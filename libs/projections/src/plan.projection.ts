import { defineProjection } from './runtime/projection';
import { classesHandlers, classesSchema, classesTables } from './groups/classes.projection';

/**
 * The teaching plan's read models (groups, schedules, grades, calendar feeds) in one projection: each
 * projection holds a database connection of its own for its leader lock, so related tables share one.
 */
export const planProjection = defineProjection({
  name: 'plan',
  version: 1,
  tables: [...classesTables],
  schema: (t) => [classesSchema(t)].join('\n'),
  handlers: { ...classesHandlers },
});
