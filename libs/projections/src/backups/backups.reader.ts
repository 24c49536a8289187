import type { BackupLog, BackupLogType } from '@okul/domain';
import type { Sql } from '../runtime/sql';

interface Row {
  id: string;
  backup_type: BackupLogType;
  organization_id: string | null;
  organization_name: string | null;
  file_name: string;
  taken_by: string | null;
  taken_by_name: string | null;
  started_at: Date;
  finished_at: Date;
  size_bytes: string;
  duration_ms: string;
  success: boolean;
  error: string | null;
}

/**
 * Every backup taken, newest first (GET getbklogs): the platform's full dumps and the organisations' own
 * backups, each with its organisation. Read across organisations: the caller's pool must see them all.
 */
export async function readBackupLogs(sql: Sql, limit = 500): Promise<BackupLog[]> {
  const r = await sql.query<Row>(
    `SELECT b.id::text AS id, b.backup_type, b.organization_id::text AS organization_id,
            o.name AS organization_name, b.file_name, b.taken_by::text AS taken_by,
            nullif(trim(concat_ws(' ', u.name, u.surname)), '') AS taken_by_name,
            b.started_at, b.finished_at, b.size_bytes::text AS size_bytes, b.duration_ms::text AS duration_ms,
            b.success, b.error
       FROM backup_logs b LEFT JOIN users u ON u.id = b.taken_by
       LEFT JOIN organizations o ON o.id = b.organization_id
      ORDER BY b.started_at DESC, b.id
      LIMIT $1`,
    [limit],
  );
  return r.rows.map((b) => ({
    id: b.id,
    backupType: b.backup_type,
    organizationId: b.organization_id,
    organizationName: b.organization_name,
    fileName: b.file_name,
    takenBy: b.taken_by,
    takenByName: b.taken_by_name,
    startedAt: new Date(b.started_at).toISOString(),
    finishedAt: new Date(b.finished_at).toISOString(),
    sizeBytes: Number(b.size_bytes),
    durationMs: Number(b.duration_ms),
    success: b.success,
    error: b.error,
  }));
}
