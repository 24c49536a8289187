import type { AuditMappers } from '../audit/audit-actions';

/** Log actions of backups (ours): a failed dump reads as the refused action does. */
export const backupAuditMappers: AuditMappers = {
  BackupTaken: (e) => ({
    action: 'request_backup',
    details: { backupType: e.data.backupType, sizeBytes: e.data.sizeBytes },
  }),
  BackupFailed: (e) => ({
    action: 'request_backup_failed',
    details: { backupType: e.data.backupType, reason: e.data.error },
  }),
};
