import type { AuditMappers } from '../audit/audit-actions';

/**
 * Log actions of backups (ours): a failed one reads as the refused action does. An organisation backup is
 * recorded in its organisation, so it shows in that organisation's İşlem Dökümü.
 */
const actionOf = (backupType: string) =>
  backupType === 'organization' ? 'export_organization_backup' : 'request_backup';

export const backupAuditMappers: AuditMappers = {
  BackupTaken: (e) => ({
    action: actionOf(e.data.backupType),
    details: { backupType: e.data.backupType, sizeBytes: e.data.sizeBytes, fileName: e.data.fileName },
  }),
  BackupFailed: (e) => ({
    action: `${actionOf(e.data.backupType)}_failed`,
    details: { backupType: e.data.backupType, reason: e.data.error },
  }),
};
