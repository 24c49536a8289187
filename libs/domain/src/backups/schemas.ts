import { z } from 'zod';
import { message } from '../shared/messages';

/** api.md 9.4: the one backup type of requestbk. */
export const BACKUP_TYPES = ['full_sql'] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];

/**
 * What a line of getbklogs records: the platform's full dump (requestbk) or an organisation backup
 * (exportOrganizationBackup, ours), so every backup taken is listed in one place.
 */
export const BACKUP_LOG_TYPES = ['full_sql', 'organization'] as const;
export type BackupLogType = (typeof BACKUP_LOG_TYPES)[number];

/** api.md 9.4: the download's name when Content-Disposition names none. */
export const DEFAULT_BACKUP_FILE_NAME = 'file.zip';

/** POST requestbk {backupType: 'full_sql'} (api.md 7.4). */
export const requestBackupSchema = z.strictObject({
  backupType: z.enum(BACKUP_TYPES, { error: message('backup.invalidType') }),
});

/** One line of GET getbklogs (api.md 7.4 does not show the shape): who, when, size, duration, success. */
export const backupLogSchema = z.object({
  id: z.string(),
  backupType: z.enum(BACKUP_LOG_TYPES),
  /** The organisation an organisation backup was taken of (null for the full dump). */
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  fileName: z.string(),
  takenBy: z.string().nullable(),
  takenByName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
  sizeBytes: z.number().int(),
  durationMs: z.number().int(),
  success: z.boolean(),
  error: z.string().nullable(),
});
export type BackupLog = z.infer<typeof backupLogSchema>;

export const backupLogsSchema = z.object({ logs: z.array(backupLogSchema) });
