import { mediaTargetLabel, type MediaTarget } from '@okul/domain';
import type { AuditMappers } from '../audit/audit-actions';

/** product.md 3 log actions upload_media and delete_media; the name detail says which image. */
const details = (d: { target: MediaTarget; folder: string; fileName: string }) => ({
  name: mediaTargetLabel(d.target),
  ...(d.target.kind === 'course' ? { courseId: d.target.id } : {}),
  ...(d.target.kind === 'instructor' ? { instructorId: d.target.id } : {}),
  path: `${d.folder}/${d.fileName}`,
});

export const mediaAuditMappers: AuditMappers = {
  MediaUploaded: (e) => ({ action: 'upload_media', details: details(e.data) }),
  MediaDeleted: (e) => ({ action: 'delete_media', details: details(e.data) }),
};
