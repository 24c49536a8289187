import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  mediaDecider,
  mediaLocation,
  mediaStream,
  mediaUploadDecider,
  mediaUploadStream,
  versionedImageUrl,
  type ImageUploadAnswer,
  type MediaTarget,
} from '@okul/domain';
import { mediaTargetExists, type Db } from '@okul/projections';
import { CommandExecutor, decideOn, type CommandContext } from '../infra/command-executor';
import { DB } from '../infra/tokens';
import { IMAGE_HOST, IMAGE_STORE } from './media.tokens';
import { signUpload, type ImageHost } from './image-host';
import type { ImageStore } from './image-store';
import { HostedImageFiles } from './hosted-files';

/** api.md 7.5: a signature is good for a short while only (ImageKit allows up to an hour). */
export const UPLOAD_SIGNATURE_TTL_SECONDS = 600;

export class RequestImageUploadCommand extends Command<ImageUploadAnswer> {
  constructor(
    readonly ctx: CommandContext,
    readonly target: MediaTarget,
  ) {
    super();
  }
}

/**
 * A completed upload: the embedded host's (the file is staged and put in place once recorded) or one the
 * client reports after ImageKit took it (no file). The token's organisation must be `organizationId`.
 */
export class RecordImageUploadCommand extends Command<{ url: string }> {
  constructor(
    readonly ctx: CommandContext,
    readonly token: string,
    readonly place: { organizationId: string; folder: string; fileName: string } | null,
    readonly size: number | null,
    /** ImageKit's id of the uploaded file, as the client reports it (null on the embedded host). */
    readonly fileId: string | null = null,
  ) {
    super();
  }
}

export class DeleteImageCommand extends Command<{ url: null }> {
  constructor(
    readonly ctx: CommandContext,
    readonly target: MediaTarget,
  ) {
    super();
  }
}

@CommandHandler(RequestImageUploadCommand)
export class RequestImageUploadHandler implements ICommandHandler<RequestImageUploadCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(IMAGE_HOST) private readonly host: ImageHost,
  ) {}

  async execute({ ctx, target }: RequestImageUploadCommand): Promise<ImageUploadAnswer> {
    const organizationId = ctx.organizationId!;
    // api.md 8.4: "Medya yüklenemedi" when the target id is missing (not a record of this organisation).
    if (!(await mediaTargetExists(this.db, organizationId, target)))
      throw new DomainError('media.targetMissing');
    const { folder, fileName } = mediaLocation(organizationId, target);
    const token = randomUUID();
    const expire = Math.floor(ctx.now.getTime() / 1000) + UPLOAD_SIGNATURE_TTL_SECONDS;
    await this.executor.execute(ctx, mediaUploadStream(token), mediaUploadDecider, {
      type: 'AuthorizeImageUpload',
      authorizedBy: ctx.userId,
      token,
      organizationId,
      target,
      folder,
      fileName,
      expire,
    });
    return {
      signature: signUpload(this.host.privateKey, token, expire),
      expire,
      token,
      publicKey: this.host.publicKey,
      uploadUrl: this.host.uploadUrl,
      folder,
      fileName,
      url: `${this.host.urlEndpoint}/${folder}/${fileName}`,
    };
  }
}

@CommandHandler(RecordImageUploadCommand)
export class RecordImageUploadHandler implements ICommandHandler<RecordImageUploadCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(IMAGE_HOST) private readonly host: ImageHost,
  ) {}

  async execute({ ctx: request, token, place, size, fileId }: RecordImageUploadCommand) {
    let url = '';
    const now = request.now.toISOString();
    // The embedded host's upload carries no session: the log names the admin the signature was given to.
    const first = await this.executor.load(mediaUploadStream(token), mediaUploadDecider);
    const ctx =
      request.userId === null && first.state.status !== 'none'
        ? { ...request, userId: first.state.authorizedBy }
        : request;
    await this.executor.executeMany(ctx, async () => {
      const grant = await this.executor.load(mediaUploadStream(token), mediaUploadDecider);
      if (grant.state.status === 'none') throw new DomainError('media.badSignature');
      const { organizationId, target, folder, fileName } = grant.state.grant;
      if (ctx.organizationId !== organizationId) throw new DomainError('media.wrongFolder');
      const used = decideOn(grant, mediaUploadDecider, {
        type: 'UseImageUploadToken',
        token,
        folder: place?.folder ?? folder,
        fileName: place?.fileName ?? fileName,
        now,
      });
      const media = await this.executor.load(mediaStream(organizationId, target), mediaDecider);
      url = versionedImageUrl(`${this.host.urlEndpoint}/${folder}/${fileName}`, now);
      const uploaded = decideOn(media, mediaDecider, {
        type: 'UploadMedia',
        organizationId,
        target,
        folder,
        fileName,
        url,
        size,
        now,
        ...(fileId ? { fileId } : {}),
      });
      return [used, uploaded];
    });
    return { url };
  }
}

@CommandHandler(DeleteImageCommand)
export class DeleteImageHandler implements ICommandHandler<DeleteImageCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(IMAGE_HOST) private readonly host: ImageHost,
    @Inject(IMAGE_STORE) private readonly store: ImageStore,
    @Inject(HostedImageFiles) private readonly hosted: HostedImageFiles,
  ) {}

  async execute({ ctx, target }: DeleteImageCommand) {
    const organizationId = ctx.organizationId!;
    const events = await this.executor.execute(ctx, mediaStream(organizationId, target), mediaDecider, {
      type: 'DeleteMedia',
      organizationId,
      target,
      now: ctx.now.toISOString(),
    });
    // The embedded host drops the file too; on ImageKit a job deletes it there, retried while ImageKit fails
    // (the record is cleared already). An upload recorded without ImageKit's fileId leaves its file there.
    if (this.host.kind === 'embedded') {
      const { folder, fileName } = mediaLocation(organizationId, target);
      await this.store.remove(folder, fileName);
    }
    for (const e of events) {
      if (this.host.kind === 'imagekit' && e.type === 'MediaDeleted' && e.data.fileId)
        await this.hosted.enqueueRemoval({ organizationId, target, fileId: e.data.fileId }, e.data.deletedAt);
    }
    return { url: null };
  }
}
