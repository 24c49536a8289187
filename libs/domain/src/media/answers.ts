import { z } from 'zod';

/**
 * api.md 7.3 requestImageUpload: the signature, expire and token of an ImageKit-compatible signed upload,
 * plus where to send it (api.md 7.5 multipart fields).
 */
export const imageUploadAnswerSchema = z.object({
  signature: z.string(),
  expire: z.number(),
  token: z.string(),
  publicKey: z.string(),
  uploadUrl: z.string(),
  folder: z.string(),
  fileName: z.string(),
  /** Where the image is read once uploaded (without the cache-busting timestamp). */
  url: z.string(),
});
export type ImageUploadAnswer = z.infer<typeof imageUploadAnswerSchema>;

/** The image host's answer to an upload (ImageKit's fields, as far as the client reads them). */
export const uploadedImageAnswerSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  filePath: z.string(),
  url: z.string(),
  size: z.number(),
  fileType: z.string(),
});

/** A recorded or removed image: the versioned URL the records now show (null once removed). */
export const imageRecordAnswerSchema = z.object({ url: z.string().nullable() });
