import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config/config';

/**
 * api.md 7.5: an ImageKit-compatible signed upload. The signature is the hex HMAC-SHA1 of token + expire
 * keyed by the private key (ImageKit's documented client-side upload authentication).
 */
export function signUpload(privateKey: string, token: string, expire: number | string): string {
  return createHmac('sha1', privateKey).update(`${token}${expire}`).digest('hex');
}

export function isValidUploadSignature(
  privateKey: string,
  token: string,
  expire: number | string,
  signature: string,
): boolean {
  const expected = Buffer.from(signUpload(privateKey, token, expire), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** ImageKit's upload API (api.md 7.5: the client posts the multipart upload there). */
export const IMAGEKIT_UPLOAD_URL = 'https://upload.imagekit.io/api/v1/files/upload';
/** The embedded image host's upload path and the path it serves images from. */
export const LOCAL_UPLOAD_PATH = '/api/v1/media/upload';
export const LOCAL_MEDIA_PATH = '/media';

/** Where images are uploaded to and read from, and the keys of the signature. */
export interface ImageHost {
  kind: 'imagekit' | 'embedded';
  publicKey: string;
  privateKey: string;
  uploadUrl: string;
  /** Image URLs are `<urlEndpoint>/<folder>/<fileName>`. */
  urlEndpoint: string;
}

/**
 * ImageKit when its three variables are set; otherwise the server itself (docs/DECISIONS.md, images), whose
 * keys derive from the JWT secret so they survive restarts and differ per deployment.
 */
export function imageHost(config: AppConfig): ImageHost {
  if (config.IMAGEKIT_PUBLIC_KEY && config.IMAGEKIT_PRIVATE_KEY && config.IMAGEKIT_URL_ENDPOINT) {
    return {
      kind: 'imagekit',
      publicKey: config.IMAGEKIT_PUBLIC_KEY,
      privateKey: config.IMAGEKIT_PRIVATE_KEY,
      uploadUrl: IMAGEKIT_UPLOAD_URL,
      urlEndpoint: config.IMAGEKIT_URL_ENDPOINT.replace(/\/+$/, ''),
    };
  }
  const privateKey = createHmac('sha256', config.jwtSecret).update('okul:media-upload').digest('hex');
  return {
    kind: 'embedded',
    publicKey: `public_${createHmac('sha256', privateKey).update('public').digest('hex').slice(0, 24)}`,
    privateKey,
    uploadUrl: LOCAL_UPLOAD_PATH,
    urlEndpoint: LOCAL_MEDIA_PATH,
  };
}
