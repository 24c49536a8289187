import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  DomainError,
  ORGANIZATION_BACKUP_FILES,
  backupEventLineSchema,
  message,
  organizationBackupManifestSchema,
  safeMediaPath,
  type BackupEventLine,
  type EventStore,
  type ExpectedVersion,
  type OrganizationBackupManifest,
  type StreamAppend,
} from '@okul/domain';
import { unzipSync } from 'fflate';
import { organizationMediaRoot } from './organization-backup';

export interface ReadBackup {
  manifest: OrganizationBackupManifest;
  events: BackupEventLine[];
  media: Array<{ path: string; bytes: Uint8Array }>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const damaged = (reason: string) =>
  new DomainError('backup.fileDamaged', message('backup.fileDamaged', { reason }), { reason });

/**
 * Reads and checks an organisation backup completely before anything is written: a zip with our manifest,
 * the events' checksum and count, every event of the manifest's organisation in position order, every media
 * file's path and checksum. Anything else is refused as not a backup (fileInvalid) or damaged (fileDamaged).
 */
export function readOrganizationBackupFile(zip: Uint8Array): ReadBackup {
  let files: Record<string, Uint8Array>;
  try {
    // The read models' JSON is the readable copy (most of the file's bytes): the import never inflates it.
    files = unzipSync(zip, { filter: (f) => !f.name.startsWith(ORGANIZATION_BACKUP_FILES.readModelsPrefix) });
  } catch {
    throw new DomainError('backup.fileInvalid');
  }
  const manifestBytes = files[ORGANIZATION_BACKUP_FILES.manifest];
  if (!manifestBytes) throw new DomainError('backup.fileInvalid');
  let manifestJson: unknown;
  try {
    manifestJson = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(manifestBytes));
  } catch {
    throw new DomainError('backup.fileInvalid');
  }
  const parsed = organizationBackupManifestSchema.safeParse(manifestJson);
  if (!parsed.success) throw new DomainError('backup.fileInvalid');
  const manifest = parsed.data;

  const eventBytes = files[ORGANIZATION_BACKUP_FILES.events];
  if (!eventBytes) throw damaged('olay geçmişi (events.jsonl) eksik');
  if (sha256(eventBytes) !== manifest.checksums[ORGANIZATION_BACKUP_FILES.events]) {
    throw damaged('olay geçmişinin sağlama toplamı tutmuyor');
  }
  const lines = new TextDecoder('utf-8').decode(eventBytes).split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length !== manifest.counts.events) throw damaged('olay sayısı bildirimle tutmuyor');
  const events: BackupEventLine[] = [];
  const ids = new Set<string>();
  let previous = 0n;
  lines.forEach((line, i) => {
    let e: BackupEventLine;
    try {
      e = backupEventLineSchema.parse(JSON.parse(line));
    } catch {
      throw damaged(`${i + 1}. olay okunamadı`);
    }
    if (e.metadata.organizationId !== manifest.organizationId) {
      throw damaged(`${i + 1}. olay başka bir kuruma ait`);
    }
    const position = BigInt(e.globalPosition);
    if (position <= previous || ids.has(e.id)) throw damaged(`${i + 1}. olay sırası bozuk`);
    previous = position;
    ids.add(e.id);
    events.push(e);
  });

  const media: ReadBackup['media'] = [];
  for (const [name, bytes] of Object.entries(files)) {
    if (!name.startsWith(ORGANIZATION_BACKUP_FILES.mediaPrefix) || name.endsWith('/')) continue;
    const path = safeMediaPath(name);
    if (path === null) throw damaged(`geçersiz dosya yolu: ${name}`);
    if (manifest.checksums[name] !== sha256(bytes))
      throw damaged(`${name} dosyasının sağlama toplamı tutmuyor`);
    media.push({ path, bytes });
  }
  if (media.length !== manifest.counts.mediaFiles) throw damaged('medya dosyası sayısı bildirimle tutmuyor');
  return { manifest, events, media };
}

/** Streams looked up per read: one round trip for many streams, an ANY() list Postgres plans well. */
const STREAMS_PER_READ = 1000;

/**
 * The appends that bring the backup's events into this store, in their original order: the events already
 * stored (same id) are left out, so importing twice adds nothing; each stream continues from the version it
 * has here (checked, so a concurrent write to one of them refuses the whole import). The streams here are
 * read in batches: a large organisation has tens of thousands of them.
 */
export async function importAppends(
  events: BackupEventLine[],
  readStreams: EventStore['readStreams'],
): Promise<{ appends: StreamAppend[]; imported: number }> {
  const streamIds = [...new Set(events.map((e) => e.streamId))];
  const stored = new Set<string>();
  const version = new Map<string, number | null>();
  for (let i = 0; i < streamIds.length; i += STREAMS_PER_READ) {
    const here = await readStreams(streamIds.slice(i, i + STREAMS_PER_READ));
    for (const [streamId, stream] of here) {
      for (const e of stream) stored.add(e.id);
      version.set(streamId, stream.length === 0 ? null : stream[stream.length - 1].streamVersion);
    }
  }
  const appends: StreamAppend[] = [];
  let imported = 0;
  for (const e of events) {
    if (stored.has(e.id)) continue;
    imported++;
    const event = { id: e.id, type: e.type, data: e.data, metadata: e.metadata };
    const last = appends[appends.length - 1];
    if (last && last.streamId === e.streamId) {
      last.events.push(event);
    } else {
      const v = version.get(e.streamId) ?? null;
      const expectedVersion: ExpectedVersion = v === null ? 'no_stream' : v;
      appends.push({ streamId: e.streamId, events: [event], expectedVersion });
    }
    version.set(e.streamId, (version.get(e.streamId) ?? -1) + 1);
  }
  return { appends, imported };
}

/** Puts the backup's media files in the organisation's folder (each written aside, then moved in place). */
export async function restoreMedia(dataDir: string, organizationId: string, media: ReadBackup['media']) {
  const root = organizationMediaRoot(dataDir, organizationId);
  for (const f of media) {
    const target = join(root, ...f.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    const tmp = `${target}.import.part`;
    await writeFile(tmp, f.bytes);
    await rename(tmp, target);
  }
}
