import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../infra/tokens';
import { imageHost } from './image-host';
import { ImageStore } from './image-store';
import { HostedImageFiles } from './hosted-files';
import { DeleteImageHandler, RecordImageUploadHandler, RequestImageUploadHandler } from './media.commands';
import { MediaController, MediaUploadController } from './media.controller';
import { IMAGE_HOST, IMAGE_STORE } from './media.tokens';

@Module({
  controllers: [MediaController, MediaUploadController],
  providers: [
    { provide: IMAGE_HOST, useFactory: (config: AppConfig) => imageHost(config), inject: [CONFIG] },
    {
      provide: IMAGE_STORE,
      useFactory: (config: AppConfig) => new ImageStore(config.DATA_DIR),
      inject: [CONFIG],
    },
    RequestImageUploadHandler,
    RecordImageUploadHandler,
    DeleteImageHandler,
    HostedImageFiles,
  ],
})
export class MediaModule {}
