import { z } from 'zod';
import { message } from '../shared/messages';

/**
 * An organisation backup (ours, docs/DECISIONS.md "Backups"): a zip of
 * - `events.jsonl`: the organisation's complete event history, one stored event per line, in position order;
 * - `media/...`: its media files as stored under DATA_DIR/media/orgs/<organisation>/;
 * - `read-models/<table>.json`: its current read models, readable (an array of rows per table);
 * - `manifest.json` (written last): what it holds, with counts and SHA-256 checksums.
 * POST parse imports one into the same organisation of another (or this) instance.
 */
export const ORGANIZATION_BACKUP_FORMAT = 'okul-organization-backup';
export const ORGANIZATION_BACKUP_VERSION = 1;
export const ORGANIZATION_BACKUP_FILES = {
  manifest: 'manifest.json',
  events: 'events.jsonl',
  mediaPrefix: 'media/',
  readModelsPrefix: 'read-models/',
} as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const organizationBackupManifestSchema = z.object({
  format: z.literal(ORGANIZATION_BACKUP_FORMAT),
  version: z.literal(ORGANIZATION_BACKUP_VERSION),
  organizationId: z.uuid(),
  organizationName: z.string(),
  createdAt: z.string(),
  /** The position of the last event in the backup (in the instance it was taken from). */
  lastPosition: z.string().regex(/^\d+$/),
  counts: z.object({
    events: z.number().int().nonnegative(),
    streams: z.number().int().nonnegative(),
    eventTypes: z.record(z.string(), z.number().int().nonnegative()),
    mediaFiles: z.number().int().nonnegative(),
    readModels: z.record(z.string(), z.number().int().nonnegative()),
  }),
  /** SHA-256 (hex) of events.jsonl and of each media file, by path in the zip. */
  checksums: z.record(z.string(), sha256),
});
export type OrganizationBackupManifest = z.infer<typeof organizationBackupManifestSchema>;

/** One line of events.jsonl: a stored event with its original ids (position as a decimal string). */
export const backupEventLineSchema = z.object({
  id: z.uuid(),
  streamId: z.string().min(1).max(500),
  streamVersion: z.number().int().nonnegative(),
  globalPosition: z.string().regex(/^\d+$/),
  type: z.string().min(1).max(200),
  data: z.unknown(),
  metadata: z.looseObject({
    organizationId: z.string().nullable(),
    userId: z.string().nullable(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    correlationId: z.string(),
    causationId: z.string().nullable(),
    occurredAt: z.string(),
  }),
});
export type BackupEventLine = z.infer<typeof backupEventLineSchema>;

const fileError = message('backup.fileInvalid');

/** POST parse {orgid, file_base64, filename} (api.md 7.4, developer). */
export const importOrganizationBackupSchema = z.strictObject({
  orgid: z.uuid({ error: message('backup.orgInvalid') }),
  file_base64: z.string({ error: fileError }).min(1, { error: fileError }),
  filename: z.string({ error: fileError }).max(255, { error: fileError }),
});

/** The answer of parse: what the file held and what was new here. */
export const importOrganizationBackupAnswerSchema = z.object({
  organizationId: z.string(),
  events: z.number().int(),
  imported: z.number().int(),
  alreadyPresent: z.number().int(),
  mediaFiles: z.number().int(),
});

/**
 * The data fields that hold a person's credentials: password hashes, refresh-token hashes of sessions,
 * single-use token hashes (e-mail verification, password reset, invitations) and SMS consent code hashes.
 * An organisation backup is a school-admin's download and a portability copy: it carries no credential of
 * anyone (docs/DECISIONS.md "Backups: credentials left out").
 */
export const BACKUP_CREDENTIAL_FIELDS: readonly string[] = [
  'passwordHash',
  'refreshTokenHash',
  'tokenHash',
  'codeHash',
];

/**
 * What a left-out credential reads in the backup. A string, so a restored event keeps its shape (the read
 * models' columns stay filled), and never a valid hash: nothing verifies against it, so a restored account
 * signs in only after a password reset, and a restored token or code matches nothing.
 */
export const BACKUP_CREDENTIAL_OMITTED = 'yedekte-yer-almaz';

/** An event's data with every credential field (at any depth) replaced by BACKUP_CREDENTIAL_OMITTED. */
export function withoutCredentials(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCredentials);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      BACKUP_CREDENTIAL_FIELDS.includes(k) && typeof v === 'string'
        ? BACKUP_CREDENTIAL_OMITTED
        : withoutCredentials(v);
  }
  return out;
}

/** A media path of the zip, safe to join under the organisation's media folder (no `..`, no absolute path). */
export function safeMediaPath(path: string): string | null {
  if (!path.startsWith(ORGANIZATION_BACKUP_FILES.mediaPrefix)) return null;
  const rest = path.slice(ORGANIZATION_BACKUP_FILES.mediaPrefix.length);
  const parts = rest.split('/');
  if (rest === '' || parts.some((p) => p === '' || p === '.' || p === '..' || !/^[A-Za-z0-9._-]+$/.test(p)))
    return null;
  return rest;
}
