/**
 * The image rules of api.md 7.5 and 9.5 (folders, file names, types, size) and product.md 5 Image upload.
 * Pure: the server's upload route and image host and the client's upload component all use these.
 */

/** api.md 9.5: image upload maximum 512 KB by default. */
export const MEDIA_MAX_BYTES = 512 * 1024;

/** product.md 5: the logo types allowed, else "Invalid logo type name". */
export const LOGO_TYPES = [
  'organization-logo',
  'organization-logo-negative',
  'organization-logo-only',
  'organization-logo-only-negative',
] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** api.md 7.5: each logo variant's file name. */
export const LOGO_FILE_NAMES: Record<LogoType, string> = {
  'organization-logo': 'logo.png',
  'organization-logo-negative': 'logo-negative.png',
  'organization-logo-only': 'logo-only.png',
  'organization-logo-only-negative': 'logo-only-negative.png',
};

/** The organisation answer's logo keys (accounts answers `logos`) per logo type. */
export const LOGO_KEYS: Record<LogoType, 'logo' | 'logoNegative' | 'logoOnly' | 'logoOnlyNegative'> = {
  'organization-logo': 'logo',
  'organization-logo-negative': 'logoNegative',
  'organization-logo-only': 'logoOnly',
  'organization-logo-only-negative': 'logoOnlyNegative',
};

/** What an image belongs to (api.md 7.5 table). */
export type MediaTarget =
  | { kind: 'instructor'; id: string }
  | { kind: 'employee'; id: string }
  | { kind: 'course'; id: string }
  | { kind: 'logo'; logoType: LogoType };

export interface MediaLocation {
  folder: string;
  fileName: string;
}

/** Ids that may stand in a path segment (uuids and the organisations' ids). */
export const SAFE_PATH_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** api.md 7.5: the folder and file name of a target's image. */
export function mediaLocation(organizationId: string, target: MediaTarget): MediaLocation {
  const org = `orgs/${organizationId}`;
  switch (target.kind) {
    case 'instructor':
      return { folder: `${org}/instructors/${target.id}`, fileName: 'avatar.jpg' };
    case 'employee':
      return { folder: `${org}/employees/${target.id}`, fileName: 'avatar.jpg' };
    case 'course':
      return { folder: `${org}/courses/${target.id}`, fileName: 'cover.jpg' };
    case 'logo':
      return { folder: `${org}/logos`, fileName: LOGO_FILE_NAMES[target.logoType] };
    default: {
      const _exhaustive: never = target;
      return _exhaustive;
    }
  }
}

/** The stable key of a target inside its organisation (one media stream per key). */
export function mediaTargetKey(target: MediaTarget): string {
  return target.kind === 'logo' ? `logo.${target.logoType}` : `${target.kind}.${target.id}`;
}

/**
 * The organisation and target a folder and file name name, or null when they are not one of api.md 7.5's
 * places (so nothing can be written or read anywhere else, e.g. `..`).
 */
export function parseMediaLocation(
  folder: string,
  fileName: string,
): { organizationId: string; target: MediaTarget } | null {
  const parts = folder.replace(/^\/+|\/+$/g, '').split('/');
  if (parts[0] !== 'orgs' || !SAFE_PATH_ID.test(parts[1] ?? '')) return null;
  const organizationId = parts[1];
  if (parts.length === 3 && parts[2] === 'logos') {
    const logoType = LOGO_TYPES.find((t) => LOGO_FILE_NAMES[t] === fileName);
    return logoType ? { organizationId, target: { kind: 'logo', logoType } } : null;
  }
  if (parts.length !== 4 || !SAFE_PATH_ID.test(parts[3])) return null;
  const id = parts[3];
  if (parts[2] === 'instructors' && fileName === 'avatar.jpg')
    return { organizationId, target: { kind: 'instructor', id } };
  if (parts[2] === 'employees' && fileName === 'avatar.jpg')
    return { organizationId, target: { kind: 'employee', id } };
  if (parts[2] === 'courses' && fileName === 'cover.jpg')
    return { organizationId, target: { kind: 'course', id } };
  return null;
}

export type ImageType = 'jpeg' | 'png' | 'webp';

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/**
 * api.md 9.5 types jpg, jpeg, png, webp, told by the file's content (its magic bytes), never by its name: a
 * renamed program is refused.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return null;
}

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The file extensions product.md 5 allows (the client's first check before asking for a signature). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

/** How the resizer picks the part to keep: `face` the salient part, `auto` the busiest part. */
export type ImageFocus = 'face' | 'auto' | 'center';

export interface ImageTransform {
  width: number | null;
  height: number | null;
  focus: ImageFocus;
}

/** Larger variants are not made: covers and avatars are small (api.md 7.5: 575x375 and 300x300). */
export const MAX_TRANSFORM_SIDE = 2000;

/**
 * ImageKit's `tr=` parameter as far as this product uses it (`w-300,h-300,fo-face`, `w-575,h-375,fo-auto`),
 * so the same URLs work on ImageKit and on the embedded host. Unknown parts are ignored; null when nothing
 * asks for a resize.
 */
export function parseImageTransform(tr: string | null | undefined): ImageTransform | null {
  if (!tr) return null;
  let width: number | null = null;
  let height: number | null = null;
  let focus: ImageFocus = 'center';
  for (const part of tr.split(/[,:]/)) {
    const m = /^(w|h|fo)-(.+)$/.exec(part.trim());
    if (!m) continue;
    if (m[1] === 'fo') {
      if (m[2] === 'face' || m[2] === 'auto') focus = m[2];
      continue;
    }
    if (!/^\d{1,4}$/.test(m[2])) continue;
    const n = Number(m[2]);
    if (n < 1 || n > MAX_TRANSFORM_SIDE) continue;
    if (m[1] === 'w') width = n;
    else height = n;
  }
  return width === null && height === null ? null : { width, height, focus };
}

/** api.md 7.5: avatars at 300x300 focused on the face, covers at 575x375 with automatic focus. */
export const AVATAR_TRANSFORM = 'w-300,h-300,fo-face';
export const COVER_TRANSFORM = 'w-575,h-375,fo-auto';

/** An image URL with a transformation (ImageKit's `tr` query parameter), keeping its cache-busting `v`. */
export function withImageTransform(url: string, tr: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}tr=${tr}`;
}

/** api.md 7.5: images are shown with a cache-busting timestamp. */
export function versionedImageUrl(url: string, uploadedAt: string): string {
  return `${url}?v=${Date.parse(uploadedAt)}`;
}

/** How the audit log names an image (İşlem Dökümü: `"<name>" dosyasını yükledi.`). */
export function mediaTargetLabel(target: MediaTarget): string {
  switch (target.kind) {
    case 'instructor':
      return 'Eğitmen fotoğrafı';
    case 'employee':
      return 'Çalışan fotoğrafı';
    case 'course':
      return 'Kurs kapak görseli';
    case 'logo':
      return `Kurum logosu (${LOGO_FILE_NAMES[target.logoType]})`;
    default: {
      const _exhaustive: never = target;
      return _exhaustive;
    }
  }
}
