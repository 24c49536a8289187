import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import multer from 'multer';
import {
  DomainError,
  MEDIA_MAX_BYTES,
  ROLES,
  deleteImageSchema,
  detectImageType,
  imageRecordAnswerSchema,
  imageUploadAnswerSchema,
  imageUploadFieldsSchema,
  organizationLogosSchema,
  parseMediaLocation,
  recordImageUploadSchema,
  requestImageUploadSchema,
  uploadedImageAnswerSchema,
  IMAGE_CONTENT_TYPES,
} from '@okul/domain';
import { readOrganizationLogos, type Db } from '@okul/projections';
import { MinRole, Public, VisitorRead } from '../auth/decorators';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { ApiAnswer, ApiBody, ApiErrors } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import { commandContext, type AppRequest } from '../infra/http/request-context';
import { DB } from '../infra/tokens';
import { isValidUploadSignature, type ImageHost } from './image-host';
import { decodesAsImage, type ImageStore } from './image-store';
import { DeleteImageCommand, RecordImageUploadCommand, RequestImageUploadCommand } from './media.commands';
import { IMAGE_HOST, IMAGE_STORE } from './media.tokens';

/**
 * api.md 7.3 requestImageUpload and 7.5: a school-admin gets a signed upload for one of their organisation's
 * image places; the organisation's logos are public (the login page with ?org=, product.md 2).
 */
@Controller('api/v1/orgs/:orgID')
export class MediaController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(IMAGE_HOST) private readonly host: ImageHost,
  ) {}

  @Post('requestImageUpload')
  @ApiBody(requestImageUploadSchema)
  @ApiAnswer(imageUploadAnswerSchema)
  @ApiErrors('media.targetMissing', 'media.invalidLogoType', 'media.missingParameter')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  requestImageUpload(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'upload_media', () =>
      this.commands.execute(new RequestImageUploadCommand(ctx, parseBody(requestImageUploadSchema, body))),
    );
  }

  /** With ImageKit as the host, the client reports the completed upload so the records show it. */
  @Post('recordImageUpload')
  @ApiBody(recordImageUploadSchema)
  @ApiAnswer(imageRecordAnswerSchema)
  @ApiErrors('media.badSignature', 'media.expired', 'media.tokenUsed', 'media.wrongFolder')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  recordImageUpload(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'upload_media', () => {
      const { token, fileId } = parseBody(recordImageUploadSchema, body);
      // The embedded host records its uploads itself; a report without a file would show none.
      if (this.host.kind !== 'imagekit') throw new DomainError('media.uploadFailed');
      return this.commands.execute(new RecordImageUploadCommand(ctx, token, null, null, fileId ?? null));
    });
  }

  @Post('deleteImage')
  @ApiBody(deleteImageSchema)
  @ApiAnswer(imageRecordAnswerSchema)
  @ApiErrors('media.notFound')
  @HttpCode(200)
  @MinRole(ROLES.schoolAdmin)
  deleteImage(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'delete_media', () =>
      this.commands.execute(new DeleteImageCommand(ctx, parseBody(deleteImageSchema, body))),
    );
  }

  @Get('getOrganizationLogos')
  @ApiAnswer(organizationLogosSchema)
  @VisitorRead()
  @MinRole(ROLES.schoolStudent)
  getOrganizationLogos(@Req() req: AppRequest) {
    return readOrganizationLogos(this.db, req.org!.id);
  }
}

/**
 * The embedded image host's upload (api.md 7.5 multipart fields, the same as ImageKit's): authorised by the
 * signature alone, like ImageKit's, so it needs no session.
 */
@Controller('api/v1/media')
export class MediaUploadController {
  private readonly multipart = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 20, fieldSize: 4096 },
  }).single('file');

  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(IMAGE_HOST) private readonly host: ImageHost,
    @Inject(IMAGE_STORE) private readonly store: ImageStore,
  ) {}

  private async readMultipart(req: AppRequest, res: Response): Promise<Express.Multer.File> {
    await new Promise<void>((resolve, reject) => {
      this.multipart(req, res, (err: unknown) => (err ? reject(err) : resolve()));
    }).catch((err: unknown) => {
      // api.md 9.5: 512 KB at most, "Dosya çok büyük."
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
        throw new DomainError('media.tooLarge');
      throw new DomainError('media.uploadFailed');
    });
    const file = (req as AppRequest & { file?: Express.Multer.File }).file;
    if (!file) throw new DomainError('media.missingParameter');
    return file;
  }

  @Post('upload')
  @Public()
  @ApiBody(imageUploadFieldsSchema)
  @ApiAnswer(uploadedImageAnswerSchema)
  @ApiErrors(
    'media.tooLarge',
    'media.wrongType',
    'media.badSignature',
    'media.expired',
    'media.tokenUsed',
    'media.wrongFolder',
    'media.missingParameter',
  )
  @HttpCode(200)
  async upload(@Req() req: AppRequest, @Res({ passthrough: true }) res: Response) {
    if (this.host.kind !== 'embedded') throw new DomainError('common.routeNotFound');
    const file = await this.readMultipart(req, res);
    const fields = parseBody(imageUploadFieldsSchema, req.body);
    if (
      fields.publicKey !== this.host.publicKey ||
      !isValidUploadSignature(this.host.privateKey, fields.token, fields.expire, fields.signature)
    )
      throw new DomainError('media.badSignature');
    const place = parseMediaLocation(fields.folder, fields.fileName);
    if (!place) throw new DomainError('media.wrongFolder');
    const ctx = commandContext(req, place.organizationId);
    return audited(this.executor, ctx, 'upload_media', async () => {
      // api.md 9.5: jpg, jpeg, png or webp by content, never by name (a renamed program is refused).
      const type = detectImageType(file.buffer);
      if (type === null || !(await decodesAsImage(file.buffer))) throw new DomainError('media.wrongType');
      const staged = await this.store.stage(fields.folder, fields.fileName, file.buffer);
      try {
        const { url } = await this.commands.execute(
          new RecordImageUploadCommand(
            ctx,
            fields.token,
            { organizationId: place.organizationId, folder: fields.folder, fileName: fields.fileName },
            file.size,
          ),
        );
        await staged.commit();
        const filePath = `/${fields.folder}/${fields.fileName}`;
        return {
          fileId: fields.token,
          name: fields.fileName,
          filePath,
          url,
          size: file.size,
          fileType: IMAGE_CONTENT_TYPES[type],
        };
      } catch (e) {
        await staged.discard();
        throw e;
      }
    });
  }
}
