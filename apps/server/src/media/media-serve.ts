import type { NextFunction, Request, Response } from 'express';
import { IMAGE_CONTENT_TYPES, parseImageTransform, parseMediaLocation } from '@okul/domain';
import type { ImageStore } from './image-store';

/**
 * GET /media/<folder>/<fileName> (api.md 7.5: images are read from the same paths, with a cache-busting
 * timestamp `v`, and resized with `tr=`). A versioned URL never changes, so it is cached for a year; an
 * unversioned one is revalidated each time (Last-Modified, ETag).
 */
export function serveMedia(store: ImageStore) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const path = decodeURIComponent(req.path).replace(/^\/+/, '');
      const at = path.lastIndexOf('/');
      const folder = path.slice(0, at);
      const fileName = path.slice(at + 1);
      const place = at > 0 ? parseMediaLocation(folder, fileName) : null;
      const tr = typeof req.query.tr === 'string' ? req.query.tr : null;
      const image = place ? await store.read(folder, fileName, parseImageTransform(tr)) : null;
      if (!image) {
        res.status(404).type('text/plain').send('Görsel bulunamadı.');
        return;
      }
      res.setHeader('Content-Type', IMAGE_CONTENT_TYPES[image.type]);
      res.setHeader(
        'Cache-Control',
        typeof req.query.v === 'string' ? 'public, max-age=31536000, immutable' : 'public, no-cache',
      );
      res.sendFile(image.path, { dotfiles: 'allow' }, (err) => {
        if (err && !res.headersSent) next(err);
      });
    } catch (err) {
      next(err);
    }
  };
}
