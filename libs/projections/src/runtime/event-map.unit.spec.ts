import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@okul/domain';
import { auditMapperFor, type AuditMappers } from '../audit/audit-actions';
import { defineProjection, handlerFor, type ProjectionContext } from './projection';

/**
 * Handlers and log mappers are typed from the domain's one event map: each receives the data of the event it
 * is named after, and a name no event carries is refused. The `@ts-expect-error` lines fail the typecheck
 * when that typing is lost (an `any` would accept them); the calls prove the runtime look-ups.
 */
const ctx: ProjectionContext = { sql: { query: async () => ({ rows: [] }) } as never, table: (n) => n };

function stored(type: string, data: Record<string, unknown>): StoredEvent {
  return {
    id: 'e1',
    streamId: 'course-1',
    streamVersion: 0,
    globalPosition: 1n,
    type,
    data,
    metadata: {
      organizationId: 'org-1',
      userId: null,
      ipAddress: null,
      userAgent: null,
      correlationId: 'c1',
      causationId: null,
      occurredAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

describe('the event map', () => {
  it("gives a projection's handler the data of the event it is named after", async () => {
    const seen: string[] = [];
    const p = defineProjection({
      name: 'typed',
      version: 1,
      tables: [],
      schema: () => '',
      handlers: {
        CourseAdded: async (_ctx, e) => {
          seen.push(e.data.name);
        },
        CourseSoftDeleted: async (_ctx, e) => {
          // @ts-expect-error a soft deletion carries no name
          seen.push(e.data.name);
          seen.push(e.data.deletedAt);
        },
        // @ts-expect-error no event has this type
        CourseVanished: async () => {},
      },
    });
    await handlerFor(p, 'CourseAdded')!(ctx, stored('CourseAdded', { name: 'Piyano' }));
    await handlerFor(p, 'CourseSoftDeleted')!(ctx, stored('CourseSoftDeleted', { deletedAt: 'dün' }));
    expect(seen).toEqual(['Piyano', undefined, 'dün']);
    expect(handlerFor(p, 'CourseEdited')).toBeUndefined();
  });

  it('gives a log mapper the data of its event, and finds the mapper of a stored event', () => {
    const mappers: AuditMappers = {
      CourseResurrected: (e) => ({ action: 'resurrect_course', details: { courseId: e.data.courseId } }),
      // @ts-expect-error a course edit carries no title
      CourseEdited: (e: { data: { title: string } }) => ({
        action: 'edit_course',
        details: { t: e.data.title },
      }),
    };
    expect(mappers.CourseResurrected).toBeDefined();
    const entry = auditMapperFor('CourseSoftDeleted')!(stored('CourseSoftDeleted', { courseId: 'k1' }));
    expect(entry).toEqual({ action: 'soft_delete_course', details: { courseId: 'k1' } });
    expect(auditMapperFor('NoSuchEvent')).toBeUndefined();
  });
});
