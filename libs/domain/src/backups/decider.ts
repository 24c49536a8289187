import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import type { BackupLogType } from './schemas';

/** What a finished backup attempt was: the dump is taken outside the domain, the record of it is a fact. */
export interface BackupOutcome {
  backupId: string;
  backupType: BackupLogType;
  /** The organisation backed up (an organisation backup); absent or null for the full dump. */
  organizationId?: string | null;
  fileName: string;
  takenBy: string | null;
  startedAt: string;
  finishedAt: string;
  /** Bytes of the zip sent (so far, for a failed one). */
  sizeBytes: number;
  success: boolean;
  /** Why it failed (operator's text), null on success. */
  error: string | null;
}

export type BackupEvent =
  | DomainEvent<'BackupTaken', Omit<BackupOutcome, 'success' | 'error'> & { durationMs: number }>
  | DomainEvent<'BackupFailed', Omit<BackupOutcome, 'success'> & { durationMs: number; error: string }>;

export type BackupCommand = BackupOutcome & { type: 'RecordBackup' };

export type BackupState = { recorded: boolean };
export const initialBackupState: BackupState = { recorded: false };

/** One stream per backup attempt: the platform's backups belong to no organisation. */
export const backupStream = (backupId: string) => `backup-${backupId}`;

export function decideBackup(command: BackupCommand, state: BackupState): BackupEvent[] {
  switch (command.type) {
    case 'RecordBackup': {
      if (state.recorded) throw new DomainError('backup.alreadyRecorded');
      const durationMs = Date.parse(command.finishedAt) - Date.parse(command.startedAt);
      if (!Number.isFinite(durationMs) || durationMs < 0) throw new DomainError('backup.invalidRecord');
      if (!Number.isSafeInteger(command.sizeBytes) || command.sizeBytes < 0) {
        throw new DomainError('backup.invalidRecord');
      }
      // An organisation backup names its organisation; the full dump belongs to none.
      if ((command.backupType === 'organization') !== !!command.organizationId) {
        throw new DomainError('backup.invalidRecord');
      }
      const { type: _type, success, error, ...facts } = command;
      void _type;
      if (success) return [{ type: 'BackupTaken', data: { ...facts, durationMs } }];
      return [{ type: 'BackupFailed', data: { ...facts, durationMs, error: error ?? '' } }];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export function evolveBackup(state: BackupState, event: BackupEvent): BackupState {
  switch (event.type) {
    case 'BackupTaken':
    case 'BackupFailed':
      return { recorded: true };
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const backupDecider = {
  decide: decideBackup,
  evolve: evolveBackup,
  initialState: initialBackupState,
} satisfies Decider<BackupCommand, BackupEvent, BackupState>;
