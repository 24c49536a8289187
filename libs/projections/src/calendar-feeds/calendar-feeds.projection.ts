import type { EventOf } from '@okul/domain';
import type { ProjectionHandlers } from '../runtime/projection';
import { userIdOrNull } from '../students/students.projection';

export const calendarFeedsTables = ['calendar_feeds'];

/** The live secret token of each feed (one row per organisation and owner; a revoked feed has no row). */
export const calendarFeedsSchema = (t: (name: string) => string) => `
    CREATE TABLE ${t('calendar_feeds')} (
      organization_id uuid NOT NULL,
      kind text NOT NULL,
      owner_key uuid NOT NULL,
      owner_id uuid,
      token text NOT NULL UNIQUE,
      rotated_at timestamptz NOT NULL,
      rotated_by uuid,
      PRIMARY KEY (organization_id, kind, owner_key)
    );
  `;

export const calendarFeedsHandlers: ProjectionHandlers = {
  CalendarFeedRotated: async ({ sql, table }, e: EventOf<'CalendarFeedRotated'>) => {
    const d = e.data;
    await sql.query(
      `INSERT INTO ${table('calendar_feeds')} (organization_id, kind, owner_key, owner_id, token, rotated_at, rotated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (organization_id, kind, owner_key)
       DO UPDATE SET token = EXCLUDED.token, rotated_at = EXCLUDED.rotated_at, rotated_by = EXCLUDED.rotated_by`,
      [
        d.organizationId,
        d.kind,
        d.ownerId ?? d.organizationId,
        d.ownerId,
        d.token,
        d.rotatedAt,
        userIdOrNull(d.rotatedBy),
      ],
    );
  },
  CalendarFeedRevoked: async ({ sql, table }, e: EventOf<'CalendarFeedRevoked'>) => {
    const d = e.data;
    await sql.query(
      `DELETE FROM ${table('calendar_feeds')} WHERE organization_id = $1 AND kind = $2 AND owner_key = $3`,
      [d.organizationId, d.kind, d.ownerId ?? d.organizationId],
    );
  },
};
