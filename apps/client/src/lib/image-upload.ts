import {
  IMAGE_EXTENSIONS,
  MEDIA_MAX_BYTES,
  message,
  requestImageUploadSchema,
  type ImageUploadAnswer,
  type RequestImageUploadInput,
} from '@okul/domain';
import { api } from '../api/api';
import { unwrap } from '../api/client';

/** product.md 4 Image upload: uploading (progress 0-100), completed (with url), error. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number }
  | { status: 'completed'; url: string }
  | { status: 'error'; error: string };

export class UploadError extends Error {}

/**
 * product.md 5 Image upload: orgID, file, destination and file name are required (else Eksik parametre),
 * 512 KB at most (Dosya çok büyük.), types jpg, jpeg, png, webp, logo types of the four variants (Invalid logo
 * type name). Answers the first refusal's text, or null.
 */
export function checkUpload(
  orgId: string | null | undefined,
  file: { name: string; size: number } | null | undefined,
  target: RequestImageUploadInput | null | undefined,
): string | null {
  if (!orgId || !file || !target) return message('media.missingParameter');
  const parsed = requestImageUploadSchema.safeParse(target);
  if (!parsed.success) return parsed.error.issues[0].message;
  return checkImageFile(file);
}

/** The file's own checks (size and type), for a file picked before its record exists. */
export function checkImageFile(file: { name: string; size: number }): string | null {
  if (file.size > MEDIA_MAX_BYTES) return message('media.tooLarge');
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return message('media.wrongType');
  return null;
}

/** api.md 8.4 upload helper errors: the server's error or message, else Upload failed, else the status text. */
export function uploadErrorText(status: number, statusText: string, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    if (typeof parsed.error === 'string' && parsed.error) return parsed.error;
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // not JSON: fall through
  }
  if (status === 0 || !statusText) return message('media.uploadFailed');
  return statusText;
}

/** The multipart POST of api.md 7.5 to the image host, with upload progress (0-100). */
function postToHost(grant: ImageUploadAnswer, file: File, onProgress: (p: number) => void) {
  return new Promise<{ url?: string; fileId?: string }>((resolve, reject) => {
    const form = new FormData();
    form.append('file', file);
    form.append('fileName', grant.fileName);
    form.append('publicKey', grant.publicKey);
    form.append('signature', grant.signature);
    form.append('expire', String(grant.expire));
    form.append('token', grant.token);
    form.append('folder', grant.folder);
    form.append('useUniqueFileName', 'false');
    form.append('overwriteFile', 'true');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', grant.uploadUrl);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        try {
          resolve(JSON.parse(xhr.responseText) as { url?: string; fileId?: string });
        } catch {
          resolve({});
        }
      } else reject(new UploadError(uploadErrorText(xhr.status, xhr.statusText, xhr.responseText)));
    };
    xhr.onerror = () => reject(new UploadError(message('media.uploadFailed')));
    xhr.send(form);
  });
}

/**
 * requestImageUpload, then the upload itself (api.md 7.5); on ImageKit the completed upload is reported so
 * the records show it. Answers the image's URL with its cache-busting timestamp.
 */
export async function uploadImage(
  orgId: string,
  target: RequestImageUploadInput,
  file: File,
  onProgress: (p: number) => void,
): Promise<string> {
  const refusal = checkUpload(orgId, file, target);
  if (refusal) throw new UploadError(refusal);
  onProgress(0);
  const grant = unwrap(await api.post<ImageUploadAnswer>(`/orgs/${orgId}/requestImageUpload`, target));
  const answer = await postToHost(grant, file, onProgress);
  if (/^https?:\/\//.test(grant.uploadUrl)) {
    const recorded = unwrap(
      // ImageKit's fileId lets a later delete remove the file there too.
      await api.post<{ url: string }>(`/orgs/${orgId}/recordImageUpload`, {
        token: grant.token,
        ...(answer.fileId ? { fileId: answer.fileId } : {}),
      }),
    );
    return recorded.url;
  }
  return answer.url ?? `${grant.url}?v=${Date.now()}`;
}
