import type { EventOf } from '@okul/domain';
import { defineProjection, type ProjectionHandlers } from '../runtime/projection';
import type { Sql } from '../runtime/sql';
import { userIdOrNull } from '../students/students.projection';

const insert = async (
  sql: Sql,
  table: string,
  d: EventOf<'BackupTaken'>['data'],
  success: boolean,
  error: string | null,
) => {
  await sql.query(
    `INSERT INTO ${table} (id, organization_id, backup_type, file_name, taken_by, started_at, finished_at,
                           size_bytes, duration_ms, success, error)
     VALUES ($1, $11, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (id) DO NOTHING`,
    [
      d.backupId,
      d.backupType,
      d.fileName,
      userIdOrNull(d.takenBy),
      d.startedAt,
      d.finishedAt,
      d.sizeBytes,
      d.durationMs,
      success,
      error,
      d.organizationId ?? null,
    ],
  );
};

const handlers: ProjectionHandlers = {
  BackupTaken: async ({ sql, table }, e: EventOf<'BackupTaken'>) =>
    insert(sql, table('backup_logs'), e.data, true, null),
  BackupFailed: async ({ sql, table }, e: EventOf<'BackupFailed'>) =>
    insert(sql, table('backup_logs'), e.data, false, e.data.error),
};

/**
 * The backups taken (GET getbklogs, api.md 7.4): one row per attempt, successful or not. A full database
 * backup belongs to no organisation (organization_id NULL), which row-level security leaves visible; an
 * organisation backup is its organisation's row. Who may read them is the route's rule (global admin).
 */
export const backupsProjection = defineProjection({
  name: 'backups',
  version: 1,
  tables: ['backup_logs'],
  schema: (t) => `
    CREATE TABLE ${t('backup_logs')} (
      id uuid PRIMARY KEY,
      organization_id uuid,
      backup_type text NOT NULL,
      file_name text NOT NULL,
      taken_by uuid,
      started_at timestamptz NOT NULL,
      finished_at timestamptz NOT NULL,
      size_bytes bigint NOT NULL,
      duration_ms bigint NOT NULL,
      success boolean NOT NULL,
      error text
    );
    CREATE INDEX ON ${t('backup_logs')} (started_at DESC);
  `,
  handlers,
});
