import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { mediaDecider, mediaStream, type MediaTarget } from '@okul/domain';
import type { AppConfig } from '../config/config';
import { CommandExecutor } from '../infra/command-executor';
import { withOrganization } from '../infra/organization-scope';
import { CONFIG, JOB_QUEUE } from '../infra/tokens';
import type { Job, JobQueue } from '../jobs/job-queue';
import type { ImageHost } from './image-host';
import { IMAGE_HOST } from './media.tokens';

export const MEDIA_QUEUE = 'media';

/** A removed image's file at ImageKit, to be deleted there by its fileId. */
export interface RemoveHostedFileJob {
  organizationId: string;
  target: MediaTarget;
  fileId: string;
}

/** ImageKit's answer other than deleted or already gone: the job throws, and BullMQ tries it again. */
export class HostedFileRemovalFailed extends Error {}

/** One call to ImageKit's API may take this long before the attempt counts as failed. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * deleteImage clears the record at once; the file at ImageKit is deleted afterwards by a retried job, so an
 * ImageKit outage never fails the user's delete (docs/DECISIONS.md, images).
 */
@Injectable()
export class HostedImageFiles implements OnModuleInit {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(IMAGE_HOST) private readonly host: ImageHost,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
  ) {}

  onModuleInit() {
    if (this.config.ROLES.includes('worker') && this.host.kind === 'imagekit')
      this.queue.process<RemoveHostedFileJob>(MEDIA_QUEUE, (job) => this.remove(job));
  }

  /** Queues the removal of the file a MediaDeleted event names; `deletedAt` keeps each removal its own job. */
  async enqueueRemoval(job: RemoveHostedFileJob, deletedAt: string): Promise<void> {
    await this.queue.add<RemoveHostedFileJob>(MEDIA_QUEUE, 'imagekit-delete-file', job, {
      jobId: `imagekit-delete-${job.fileId}-${Date.parse(deletedAt)}`,
      attempts: 8,
    });
  }

  /** media queue: deletes the file at ImageKit; safe to run twice (an unknown file is already gone). */
  async remove(job: Job<RemoveHostedFileJob>): Promise<void> {
    const { organizationId, target, fileId } = job.data;
    // An upload to the same place since then (overwriteFile true, api.md 7.5) may have kept the fileId:
    // that file is the image shown now and stays.
    // A job runs outside any request: the organisation's rows are read within its scope (row-level security).
    const place = await withOrganization(organizationId, () =>
      this.executor.load(mediaStream(organizationId, target), mediaDecider),
    );
    if (place.state.status === 'present' && place.state.fileId === fileId) return;
    const base = this.config.IMAGEKIT_API_URL.replace(/\/+$/, '');
    const res = await fetch(`${base}/v1/files/${encodeURIComponent(fileId)}`, {
      method: 'DELETE',
      // ImageKit's API: HTTP basic authentication with the private key as the user and no password.
      headers: { authorization: `Basic ${Buffer.from(`${this.host.privateKey}:`).toString('base64')}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.ok || res.status === 404) return;
    throw new HostedFileRemovalFailed(`ImageKit answered ${res.status} deleting file ${fileId}`);
  }
}
