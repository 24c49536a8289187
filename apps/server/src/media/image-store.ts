import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { detectImageType, type ImageTransform, type ImageType } from '@okul/domain';

/** One image as stored on disk, ready to send. */
export interface StoredImage {
  path: string;
  type: ImageType;
}

/**
 * The embedded image host's files: `DATA_DIR/media/<folder>/<fileName>` (api.md 7.5 places only; the caller
 * checks the place with parseMediaLocation), and resized variants cached beside them under `.variants`.
 */
export class ImageStore {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'media');
  }

  private file(folder: string, fileName: string) {
    return join(this.root, folder, fileName);
  }

  private variants(folder: string, fileName: string) {
    return join(this.root, '.variants', folder, fileName);
  }

  /** Writes the bytes aside; `commit` puts them in place (after the upload was recorded), `discard` drops them. */
  async stage(folder: string, fileName: string, bytes: Uint8Array) {
    const target = this.file(folder, fileName);
    await mkdir(dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.part`;
    await writeFile(tmp, bytes);
    return {
      commit: async () => {
        await rename(tmp, target);
        await rm(this.variants(folder, fileName), { recursive: true, force: true });
      },
      discard: () => rm(tmp, { force: true }),
    };
  }

  async remove(folder: string, fileName: string): Promise<void> {
    await rm(this.file(folder, fileName), { force: true });
    await rm(this.variants(folder, fileName), { recursive: true, force: true });
  }

  /** The image, or its resized variant (made once, then read from the cache); null when there is none. */
  async read(
    folder: string,
    fileName: string,
    transform: ImageTransform | null,
  ): Promise<StoredImage | null> {
    const path = this.file(folder, fileName);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    const type = await sniff(path);
    if (type === null) return null;
    if (transform === null) return { path, type };
    const dir = this.variants(folder, fileName);
    // The original's modification time in the name: a new upload never serves an old variant.
    const name = `${transform.width ?? 0}x${transform.height ?? 0}-${transform.focus}-${Math.trunc(info.mtimeMs)}`;
    const variant = join(dir, name);
    if (!(await stat(variant).catch(() => null))) {
      const bytes = await resize(path, transform);
      await mkdir(dir, { recursive: true });
      // Variants of an earlier upload go (a crash between the upload and its variants' removal leaves some).
      for (const old of await readdir(dir))
        if (!old.endsWith(`-${Math.trunc(info.mtimeMs)}`)) await rm(join(dir, old), { force: true });
      const tmp = `${variant}.${randomUUID()}.part`;
      await writeFile(tmp, bytes);
      await rename(tmp, variant);
    }
    return { path: variant, type };
  }
}

async function sniff(path: string): Promise<ImageType | null> {
  const fh = await open(path, 'r');
  try {
    const head = new Uint8Array(16);
    const { bytesRead } = await fh.read(head, 0, 16, 0);
    return detectImageType(head.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

/**
 * api.md 7.5: avatars 300x300 focused on the face (sharp's `attention` strategy finds the salient part),
 * covers 575x375 with automatic focus (`entropy`). The format stays the original's.
 */
async function resize(path: string, t: ImageTransform): Promise<Buffer> {
  const position =
    t.focus === 'face' ? sharp.strategy.attention : t.focus === 'auto' ? sharp.strategy.entropy : 'centre';
  return sharp(path)
    .rotate()
    .resize({
      width: t.width ?? undefined,
      height: t.height ?? undefined,
      fit: t.width && t.height ? 'cover' : 'inside',
      position,
      withoutEnlargement: false,
    })
    .toBuffer();
}

/** Whether the bytes decode as an image at all (a file with an image's first bytes and garbage after is not). */
export async function decodesAsImage(bytes: Uint8Array): Promise<boolean> {
  try {
    const m = await sharp(bytes).metadata();
    return !!m.width && !!m.height && ['jpeg', 'png', 'webp'].includes(m.format ?? '');
  } catch {
    return false;
  }
}
