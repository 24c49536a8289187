import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  backupDecider,
  backupStream,
  message,
  type BackupOutcome,
  type EventStore,
} from '@okul/domain';
import type { ProjectionRunner } from '@okul/projections';
import type { AppConfig } from '../config/config';
import { CommandExecutor, type CommandContext } from '../infra/command-executor';
import { CONFIG, CROSS_ORG_EVENT_STORE, EVENT_STORE, PROJECTIONS } from '../infra/tokens';
import { importAppends, readOrganizationBackupFile, restoreMedia } from './organization-import';
import { log } from '../infra/observability/logger';

/** Records one backup attempt (successful or failed) for getbklogs. */
export class RecordBackupCommand extends Command<{ ok: true }> {
  constructor(
    readonly ctx: CommandContext,
    readonly outcome: BackupOutcome,
  ) {
    super();
  }
}

@CommandHandler(RecordBackupCommand)
export class RecordBackupHandler implements ICommandHandler<RecordBackupCommand> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ ctx, outcome }: RecordBackupCommand) {
    await this.executor.execute(ctx, backupStream(outcome.backupId), backupDecider, {
      type: 'RecordBackup',
      ...outcome,
    });
    return { ok: true as const };
  }
}

/** POST parse: an organisation backup brought into this instance (api.md 7.4, developer). */
export class ImportOrganizationBackupCommand extends Command<ImportAnswer> {
  constructor(
    readonly ctx: CommandContext,
    readonly organizationId: string,
    readonly file: Uint8Array,
  ) {
    super();
  }
}

export interface ImportAnswer {
  organizationId: string;
  events: number;
  imported: number;
  alreadyPresent: number;
  mediaFiles: number;
}

/**
 * The import restores facts the source's deciders made (ids, data and metadata kept), so no decider runs
 * here: the whole file is checked first, then the new events are appended as ONE unit (a conflict writes
 * none of them), the projections catch up, and the media files are put in place.
 */
@CommandHandler(ImportOrganizationBackupCommand)
export class ImportOrganizationBackupHandler implements ICommandHandler<ImportOrganizationBackupCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    // Event ids and person streams span organisations: whether an event is already here is read whole.
    @Inject(CROSS_ORG_EVENT_STORE) private readonly ownerStore: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRunner,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ organizationId, file }: ImportOrganizationBackupCommand): Promise<ImportAnswer> {
    const backup = readOrganizationBackupFile(file);
    if (backup.manifest.organizationId !== organizationId) {
      const name = backup.manifest.organizationName;
      throw new DomainError('backup.foreignOrganization', message('backup.foreignOrganization', { name }), {
        backupOrganizationId: backup.manifest.organizationId,
      });
    }
    const { appends, imported } = await importAppends(backup.events, (ids) =>
      this.ownerStore.readStreams(ids),
    );
    try {
      const results = await this.store.appendMany(appends);
      const last = results.reduce((m, r) => (r.lastPosition > m ? r.lastPosition : m), 0n);
      if (last > 0n) await this.projections.waitFor(last);
    } catch (e) {
      if (e instanceof DomainError) throw e;
      log('backup').error({ organizationId, err: e }, 'import refused');
      throw new DomainError('backup.conflict');
    }
    await restoreMedia(this.config.DATA_DIR, organizationId, backup.media);
    return {
      organizationId,
      events: backup.events.length,
      imported,
      alreadyPresent: backup.events.length - imported,
      mediaFiles: backup.media.length,
    };
  }
}
