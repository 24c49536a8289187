import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { backupDecider, type BackupCommand, type BackupEvent } from './decider';
import { BACKUP_CREDENTIAL_OMITTED, withoutCredentials } from './organization-backup';

const ADMIN = '00000000-0000-4000-8000-0000000000a1';
const ID = '00000000-0000-4000-8000-0000000000b1';
const record = (over: Partial<BackupCommand> = {}): BackupCommand => ({
  type: 'RecordBackup',
  backupId: ID,
  backupType: 'full_sql',
  fileName: 'okul-yedek.zip',
  takenBy: ADMIN,
  startedAt: '2026-03-01T10:00:00.000Z',
  finishedAt: '2026-03-01T10:00:02.500Z',
  sizeBytes: 12_345,
  success: true,
  error: null,
  ...over,
});
const facts = {
  backupId: ID,
  backupType: 'full_sql' as const,
  fileName: 'okul-yedek.zip',
  takenBy: ADMIN,
  startedAt: '2026-03-01T10:00:00.000Z',
  finishedAt: '2026-03-01T10:00:02.500Z',
  sizeBytes: 12_345,
  durationMs: 2500,
};
const taken: BackupEvent = { type: 'BackupTaken', data: facts };

describe('backup decider', () => {
  it('records a backup taken, with its duration from the two moments', () => {
    given(backupDecider, []).when(record()).then([taken]);
  });

  it('records a failed attempt with its reason', () => {
    given(backupDecider, [])
      .when(record({ success: false, error: 'pg_dump exited with 1', sizeBytes: 0 }))
      .then([{ type: 'BackupFailed', data: { ...facts, sizeBytes: 0, error: 'pg_dump exited with 1' } }]);
  });

  it('records one attempt once', () => {
    given(backupDecider, [taken]).when(record()).thenThrows('backup.alreadyRecorded');
  });

  it('refuses a record whose end precedes its start or whose size is not a count of bytes', () => {
    given(backupDecider, [])
      .when(record({ finishedAt: '2026-03-01T09:59:59.000Z' }))
      .thenThrows('backup.invalidRecord');
    given(backupDecider, [])
      .when(record({ sizeBytes: -1 }))
      .thenThrows('backup.invalidRecord');
    given(backupDecider, [])
      .when(record({ sizeBytes: 1.5 }))
      .thenThrows('backup.invalidRecord');
  });
});

describe('organisation backups in the backup log', () => {
  const ORG = '00000000-0000-4000-8000-0000000000c1';
  it('records an organisation backup with its organisation', () => {
    given(backupDecider, [])
      .when(record({ backupType: 'organization', organizationId: ORG, fileName: 'kurum-yedegi.zip' }))
      .then([
        {
          type: 'BackupTaken',
          data: { ...facts, backupType: 'organization', organizationId: ORG, fileName: 'kurum-yedegi.zip' },
        },
      ]);
  });

  it('refuses an organisation backup without its organisation, and a full dump with one', () => {
    given(backupDecider, [])
      .when(record({ backupType: 'organization' }))
      .thenThrows('backup.invalidRecord');
    given(backupDecider, [])
      .when(record({ organizationId: ORG }))
      .thenThrows('backup.invalidRecord');
  });
});

describe('credentials are left out of an organisation backup', () => {
  it('replaces password, session, token and code hashes at any depth, and nothing else', () => {
    const data = {
      userId: 'u1',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
      refreshTokenHash: 'r'.repeat(64),
      emailVerification: { tokenHash: 't'.repeat(64), expiresAt: '2026-03-02T00:00:00.000Z' },
      codes: [{ codeHash: 'c'.repeat(64) }],
      token: 'calendar-feed-token',
      tckn: null,
    };
    expect(withoutCredentials(data)).toEqual({
      userId: 'u1',
      passwordHash: BACKUP_CREDENTIAL_OMITTED,
      refreshTokenHash: BACKUP_CREDENTIAL_OMITTED,
      emailVerification: { tokenHash: BACKUP_CREDENTIAL_OMITTED, expiresAt: '2026-03-02T00:00:00.000Z' },
      codes: [{ codeHash: BACKUP_CREDENTIAL_OMITTED }],
      token: 'calendar-feed-token',
      tckn: null,
    });
    // An invitation without a link keeps its null.
    expect(withoutCredentials({ tokenHash: null })).toEqual({ tokenHash: null });
    expect(withoutCredentials('metin')).toBe('metin');
  });
});
