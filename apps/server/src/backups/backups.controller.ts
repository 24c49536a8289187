import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  DomainError,
  ROLES,
  backupLogsSchema,
  hasRole,
  importOrganizationBackupAnswerSchema,
  importOrganizationBackupSchema,
  requestBackupSchema,
  toLocal,
  type BackupOutcome,
  type EventStore,
} from '@okul/domain';
import { readBackupLogs, readOrganizationName, type Db } from '@okul/projections';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config/config';
import { audited } from '../infra/audited';
import { CommandExecutor } from '../infra/command-executor';
import { ApiAnswer, ApiAnswerMedia, ApiBody, ApiErrors } from '../infra/http/api-doc';
import { parseBody } from '../infra/http/parse';
import { commandContext, type AppRequest } from '../infra/http/request-context';
import type { Persistence } from '../infra/persistence';
import { CONFIG, CROSS_ORG_DB, DB, EVENT_STORE, PERSISTENCE } from '../infra/tokens';
import { MinRole } from '../auth/decorators';
import { ImportOrganizationBackupCommand, RecordBackupCommand } from './backups.commands';
import { writeOrganizationBackup } from './organization-backup';
import { streamFullDump, type DumpSource } from './full-dump';
import { log } from '../infra/observability/logger';

const pad = (n: number) => String(n).padStart(2, '0');

const stamp = (at: Date) => {
  const l = toLocal(at.getTime());
  return `${l.year}-${pad(l.month)}-${pad(l.day)}-${pad(l.hour)}${pad(l.minute)}${pad(l.second)}`;
};

/** okul-yedek-2026-03-01-101502.zip: the moment in the institution's calendar (Europe/Istanbul). */
function backupFileName(at: Date): string {
  return `okul-yedek-${stamp(at)}.zip`;
}

/** product.md 6: the full database dump and the backup logs are the global admin's (role 0). */
function requireAdmin(req: AppRequest): void {
  if (!hasRole(req.principal!.globalRoleId, ROLES.admin)) throw new DomainError('auth.forbidden');
}

/** Full database backups (api.md 7.4 requestbk, getbklogs): a streamed zip of the whole database's dump. */
@Controller('api/v1')
export class BackupsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(DB) private readonly db: Db,
    // getbklogs lists every organisation's backups for the platform admin: a deliberate cross-organisation read.
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(PERSISTENCE) private readonly persistence: Persistence,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  private source(): DumpSource {
    if (this.config.DATABASE_URL) return { kind: 'pg', url: this.config.DATABASE_URL };
    const dump = this.persistence.ownerDb.dumpDataDir;
    if (!dump) throw new DomainError('backup.failed');
    return { kind: 'pglite', dumpDataDir: () => dump() };
  }

  @ApiBody(requestBackupSchema)
  @ApiAnswerMedia('application/zip', 'The whole database: dump.sql (pg_dump) or the PGlite data folder')
  @ApiErrors('auth.forbidden', 'backup.failed')
  @Post('requestbk')
  @HttpCode(200)
  async requestbk(@Req() req: AppRequest, @Body() body: unknown, @Res() res: Response) {
    requireAdmin(req);
    const { backupType } = parseBody(requestBackupSchema, body);
    const ctx = commandContext(req, null);
    const fileName = backupFileName(ctx.now);
    const dumped = await streamFullDump(this.source(), res, fileName);
    const outcome: BackupOutcome = {
      backupId: randomUUID(),
      backupType,
      fileName,
      takenBy: ctx.userId,
      startedAt: ctx.now.toISOString(),
      finishedAt: new Date().toISOString(),
      sizeBytes: dumped.sizeBytes,
      success: dumped.error === null,
      error: dumped.error,
    };
    if (dumped.error) log('backup').error({ fileName, error: dumped.error }, 'backup failed');
    const record = audited(this.executor, ctx, 'request_backup', () =>
      this.commands.execute(new RecordBackupCommand(ctx, outcome)),
    );
    if (!dumped.started) {
      await record.catch((e) => log('backup').error({ err: e }, 'could not record the failure'));
      throw new DomainError('backup.failed');
    }
    // The zip is already out: a failure to record it is the operator's to see, not the download's.
    await record.catch((e) => log('backup').error({ err: e }, 'could not record the backup'));
  }

  @ApiAnswer(backupLogsSchema)
  @ApiErrors('auth.forbidden')
  @Get('getbklogs')
  async getbklogs(@Req() req: AppRequest) {
    requireAdmin(req);
    return { logs: await readBackupLogs(this.crossOrgDb) };
  }

  @ApiAnswerMedia(
    'application/zip',
    "The organisation's event history (events.jsonl), media files, read models as JSON and a manifest",
  )
  @ApiErrors('org.notFound')
  @Get('orgs/:orgID/exportOrganizationBackup')
  @MinRole(ROLES.schoolAdmin)
  async exportOrganizationBackup(@Req() req: AppRequest, @Res() res: Response) {
    const org = req.org!.id;
    const name = await readOrganizationName(this.db, org);
    if (name === null) throw new DomainError('org.notFound');
    const ctx = commandContext(req);
    const fileName = `kurum-yedegi-${stamp(ctx.now)}.zip`;
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    // Every organisation backup taken (or attempted) is a line of getbklogs and of the organisation's log.
    const record = (sizeBytes: number, error: string | null) =>
      audited(
        this.executor,
        ctx,
        'export_organization_backup',
        () =>
          this.commands.execute(
            new RecordBackupCommand(ctx, {
              backupId: randomUUID(),
              backupType: 'organization',
              organizationId: org,
              fileName,
              takenBy: ctx.userId,
              startedAt: ctx.now.toISOString(),
              finishedAt: new Date().toISOString(),
              sizeBytes,
              success: error === null,
              error,
            }),
          ),
        // The zip is out (or cut): a failure to record it is the operator's to see, not the download's.
      ).catch((e) => log('backup').error({ err: e }, 'could not record the organisation backup'));
    let written: { sizeBytes: number };
    try {
      written = await writeOrganizationBackup(
        { store: this.store, db: this.db, dataDir: this.config.DATA_DIR },
        { id: org, name },
        res,
        ctx.now,
      );
    } catch (e) {
      log('backup').error({ organizationId: org, err: e }, 'organisation backup failed');
      // A broken download must not look complete: the connection is cut instead of ending the zip.
      res.destroy(e as Error);
      await record(0, (e as Error).message || String(e));
      return;
    }
    // Recorded before the download ends, so whoever has the whole file finds it in the logs.
    await record(written.sizeBytes, null);
    await new Promise<void>((resolve) => res.end(resolve));
  }

  @ApiBody(importOrganizationBackupSchema)
  @ApiAnswer(importOrganizationBackupAnswerSchema)
  @ApiErrors(
    'auth.forbidden',
    'backup.fileInvalid',
    'backup.fileDamaged',
    'backup.foreignOrganization',
    'backup.conflict',
  )
  @Post('parse')
  @HttpCode(200)
  async parse(@Req() req: AppRequest, @Body() body: unknown) {
    // product.md 6: the JSON data-parse upload is the developer's (global role 1, or the admin's).
    if (!hasRole(req.principal!.globalRoleId, ROLES.developer)) throw new DomainError('auth.forbidden');
    const { orgid, file_base64 } = parseBody(importOrganizationBackupSchema, body);
    // A refusal is logged among the system's actions: the organisation itself is left untouched.
    const ctx = commandContext(req, null);
    return audited(this.executor, ctx, 'import_organization_backup', () =>
      this.commands.execute(
        new ImportOrganizationBackupCommand(ctx, orgid, new Uint8Array(Buffer.from(file_base64, 'base64'))),
      ),
    );
  }
}
