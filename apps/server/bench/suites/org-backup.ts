import type { BenchContext } from '../support/context';
import { BACKUP_STUDENTS, organizationBackup } from '../support/large-org-source';

/**
 * The school-admin's organisation backup (events.jsonl, media, read models as JSON, manifest) of the large
 * organisation, downloaded whole over HTTP from the server in its own process: seconds, bytes of the zip,
 * events/s and the server's peak memory while it streams.
 */
export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const taken = await organizationBackup(ctx);
  return {
    note: 'GET exportOrganizationBackup, whole server in its own process, zip written to a file by the bench; memory is the server process',
    students: BACKUP_STUDENTS,
    ...taken.figures,
  };
}
