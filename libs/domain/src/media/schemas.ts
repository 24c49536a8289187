import { z } from 'zod';
import { message } from '../shared/messages';
import { LOGO_TYPES, type MediaTarget } from './rules';

const targetKind = z.enum(['instructor', 'employee', 'course', 'logo'], {
  error: message('media.missingParameter'),
});

/**
 * api.md 7.3 requestImageUpload: which image is about to be uploaded (api.md 7.5 table). Entity images
 * name their record's id (missing: "Medya yüklenemedi", api.md 8.4); logos name their type (product.md 5:
 * else "Invalid logo type name").
 */
export const requestImageUploadSchema = z
  .strictObject({
    target: targetKind,
    id: z.uuid({ error: message('media.targetMissing') }).optional(),
    logoType: z.string({ error: message('media.invalidLogoType') }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.target === 'logo') {
      if (!LOGO_TYPES.includes(v.logoType as (typeof LOGO_TYPES)[number]))
        ctx.addIssue({ code: 'custom', path: ['logoType'], message: message('media.invalidLogoType') });
    } else if (v.id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: message('media.targetMissing') });
    }
  })
  .transform((v): MediaTarget => {
    if (v.target === 'logo') return { kind: 'logo', logoType: v.logoType as (typeof LOGO_TYPES)[number] };
    return { kind: v.target, id: v.id! };
  });

export type RequestImageUploadInput = z.input<typeof requestImageUploadSchema>;

/** Removing an image names it the same way (log action delete_media). */
export const deleteImageSchema = requestImageUploadSchema;

/**
 * With ImageKit as the image host the upload never passes the server: the client reports the completed
 * upload by its token, so the records show the image (docs/DECISIONS.md, images).
 */
export const recordImageUploadSchema = z.strictObject({
  token: z.uuid({ error: message('media.missingParameter') }),
  /**
   * ImageKit's id of the uploaded file (its upload answer's `fileId`): removing the image later removes the
   * file there by this id. Letters, digits, `_` and `-` only, as it becomes a path segment of that call.
   */
  fileId: z
    .string({ error: message('media.missingParameter') })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: message('media.missingParameter') })
    .optional(),
});

/** api.md 7.5: the multipart fields of an upload to the image host (besides the file itself). */
export const imageUploadFieldsSchema = z.object({
  fileName: z
    .string({ error: message('media.missingParameter') })
    .min(1)
    .max(100),
  publicKey: z
    .string({ error: message('media.missingParameter') })
    .min(1)
    .max(200),
  signature: z
    .string({ error: message('media.missingParameter') })
    .min(1)
    .max(200),
  expire: z.coerce
    .number({ error: message('media.missingParameter') })
    .int()
    .positive(),
  token: z.uuid({ error: message('media.missingParameter') }),
  folder: z
    .string({ error: message('media.missingParameter') })
    .min(1)
    .max(300),
  useUniqueFileName: z.string().optional(),
  overwriteFile: z.string().optional(),
});
