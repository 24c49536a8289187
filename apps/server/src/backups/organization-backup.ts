import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import {
  ORGANIZATION_BACKUP_FILES,
  ORGANIZATION_BACKUP_FORMAT,
  ORGANIZATION_BACKUP_VERSION,
  type EventStore,
  type OrganizationBackupManifest,
  type StoredEvent,
  withoutCredentials,
} from '@okul/domain';
import { organizationReadModelTables, readOrganizationReadModel, type Db } from '@okul/projections';
import type { Writable } from 'node:stream';
import { ZipStreamWriter } from './zip-writer';

const PAGE = 1000;
const encoder = new TextEncoder();

/** The organisation's media folder (the image host's layout: DATA_DIR/media/orgs/<organisation>/...). */
export const organizationMediaRoot = (dataDir: string, organizationId: string) =>
  join(dataDir, 'media', 'orgs', organizationId);

/** Every file under `dir` (relative paths with `/`), sorted; half-written uploads (`.part`) left out. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((e) => {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  });
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.part'))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/**
 * A stored event as one line of events.jsonl: its own ids kept, the position as a decimal string, and no
 * credential of anyone in its data (withoutCredentials).
 */
export const eventLine = (e: StoredEvent) =>
  `${JSON.stringify({
    id: e.id,
    streamId: e.streamId,
    streamVersion: e.streamVersion,
    globalPosition: e.globalPosition.toString(),
    type: e.type,
    data: withoutCredentials(e.data),
    metadata: e.metadata,
  })}\n`;

/**
 * Streams an organisation backup (a zip: events.jsonl, media/, read-models/, manifest.json) to `out`. Runs
 * within the organisation (row-level security): the events are read page by page up to the organisation's
 * head at the start, the read models a page of rows at a time, the media files chunk by chunk.
 */
export async function writeOrganizationBackup(
  deps: { store: EventStore; db: Db; dataDir: string },
  organization: { id: string; name: string },
  out: Writable,
  now: Date,
): Promise<{ sizeBytes: number; manifest: OrganizationBackupManifest }> {
  const zip = new ZipStreamWriter(out);
  const org = organization.id;
  const head = (await deps.store.organizationHead(org)) ?? null;
  const eventTypes: Record<string, number> = {};
  const streams = new Set<string>();
  let events = 0;
  let lastPosition = 0n;
  async function* eventChunks() {
    let after = 0n;
    for (;;) {
      const page = await deps.store.readOrganization(org, after, PAGE);
      const taken = head === null ? page : page.filter((e) => e.globalPosition <= head);
      if (taken.length > 0) {
        for (const e of taken) {
          eventTypes[e.type] = (eventTypes[e.type] ?? 0) + 1;
          streams.add(e.streamId);
        }
        events += taken.length;
        lastPosition = taken[taken.length - 1].globalPosition;
        yield encoder.encode(taken.map(eventLine).join(''));
      }
      if (page.length < PAGE || taken.length < page.length) return;
      after = page[page.length - 1].globalPosition;
    }
  }
  const checksums: Record<string, string> = {};
  checksums[ORGANIZATION_BACKUP_FILES.events] = (
    await zip.addFile(ORGANIZATION_BACKUP_FILES.events, eventChunks())
  ).sha256;

  const mediaRoot = organizationMediaRoot(deps.dataDir, org);
  const media = await listFiles(mediaRoot);
  for (const path of media) {
    const name = `${ORGANIZATION_BACKUP_FILES.mediaPrefix}${path}`;
    // Images are compressed already: stored as they are.
    const file = createReadStream(join(mediaRoot, ...path.split('/')));
    checksums[name] = (await zip.addFile(name, file, { compress: false })).sha256;
  }

  const readModels: Record<string, number> = {};
  for (const table of await organizationReadModelTables(deps.db)) {
    let rows = 0;
    async function* tableChunks() {
      yield encoder.encode('[');
      for await (const page of readOrganizationReadModel(deps.db, table, org)) {
        yield encoder.encode(`${rows === 0 ? '\n' : ',\n'}${page.join(',\n')}`);
        rows += page.length;
      }
      yield encoder.encode(rows === 0 ? ']\n' : '\n]\n');
    }
    await zip.addFile(`${ORGANIZATION_BACKUP_FILES.readModelsPrefix}${table}.json`, tableChunks());
    readModels[table] = rows;
  }

  const manifest: OrganizationBackupManifest = {
    format: ORGANIZATION_BACKUP_FORMAT,
    version: ORGANIZATION_BACKUP_VERSION,
    organizationId: org,
    organizationName: organization.name,
    createdAt: now.toISOString(),
    lastPosition: lastPosition.toString(),
    counts: { events, streams: streams.size, eventTypes, mediaFiles: media.length, readModels },
    checksums,
  };
  await zip.addFile(ORGANIZATION_BACKUP_FILES.manifest, [
    encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`),
  ]);
  await zip.end();
  return { sizeBytes: zip.sizeBytes, manifest };
}
