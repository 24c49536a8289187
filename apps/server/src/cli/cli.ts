import {
  eventsExport,
  eventsReplay,
  eventsVerify,
  EVENTS_HELP,
  EXPORT_HELP,
  REPLAY_HELP,
  VERIFY_HELP,
} from './events.command';
import { UsageError } from './format';
import { write, type CliContext } from './io';
import {
  PROJECTIONS_HELP,
  projectionsRebuild,
  projectionsRetry,
  projectionsStatus,
  REBUILD_HELP,
  RETRY_HELP,
  STATUS_HELP,
} from './projections.command';

export const HELP = `KursPanel operators' CLI

Usage: npm run cli -- <command> [options]

Commands:
  projections status [--json]                  State, version, generation, position and lag of each read model
  projections rebuild <name>... | --all        Rebuild read models while the API keeps answering
  projections retry [--projection] [--org]     Apply parked events again after a fix
  events replay --org <id> [--from] [--to]     An organisation's history as readable lines (for auditors)
  events export --org <id> [--from] [--to]     An organisation's stored events as JSON lines
  events verify --org <id>                     Checks an organisation's hash chain (tamper evidence)

Options:
  -h, --help   Show help; also after a command, e.g. npm run cli -- events replay --help

Configuration: the CLI reads the same environment as the server (DATABASE_URL, DATA_DIR, EVENTSTORE_URL...),
so it works on the server's data. With DATABASE_URL (PostgreSQL) the server can keep running. Without it the
server's default is the embedded PGlite database under DATA_DIR, which only one process may open at a time:
stop the server before running the CLI on it.

Exit codes: 0 ok, 1 error, 2 wrong usage, 3 verification failed (events verify).`;

type Command = (args: string[], ctx: CliContext) => Promise<number>;

const GROUPS: Record<string, { help: string; commands: Record<string, { run: Command; help: string }> }> = {
  projections: {
    help: PROJECTIONS_HELP,
    commands: {
      status: { run: projectionsStatus, help: STATUS_HELP },
      rebuild: { run: projectionsRebuild, help: REBUILD_HELP },
      retry: { run: projectionsRetry, help: RETRY_HELP },
    },
  },
  events: {
    help: EVENTS_HELP,
    commands: {
      replay: { run: eventsReplay, help: REPLAY_HELP },
      export: { run: eventsExport, help: EXPORT_HELP },
      verify: { run: eventsVerify, help: VERIFY_HELP },
    },
  },
};

const isHelp = (a: string | undefined) => a === '--help' || a === '-h' || a === 'help';

/** Runs one command line; answers the exit code (0 ok, 1 error, 2 usage). */
export async function runCli(argv: string[], ctx: CliContext): Promise<number> {
  const [groupName, commandName, ...rest] = argv;
  try {
    if (groupName === undefined || isHelp(groupName)) {
      await write(groupName ? ctx.stdout : ctx.stderr, `${HELP}\n`);
      return groupName ? 0 : 2;
    }
    const group = GROUPS[groupName];
    if (!group) throw new UsageError(`Unknown command: ${groupName}`, HELP);
    if (commandName === undefined || isHelp(commandName)) {
      await write(commandName ? ctx.stdout : ctx.stderr, `${group.help}\n`);
      return commandName ? 0 : 2;
    }
    const command = group.commands[commandName];
    if (!command) throw new UsageError(`Unknown command: ${groupName} ${commandName}`, group.help);
    try {
      return await command.run(rest, ctx);
    } catch (e) {
      // parseArgs refuses unknown options and missing values with these codes: a usage error.
      const code = (e as { code?: string }).code;
      if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
        throw new UsageError((e as Error).message, command.help);
      }
      if (e instanceof UsageError && !e.usage) throw new UsageError(e.message, command.help);
      throw e;
    }
  } catch (e) {
    if (e instanceof UsageError) {
      ctx.stderr.write(`error: ${e.message}\n\n${e.usage ?? HELP}\n`);
      return 2;
    }
    if (ctx.signal.aborted) {
      ctx.stderr.write('\nerror: interrupted; nothing was switched (a half-built rebuild is dropped)\n');
      return 1;
    }
    ctx.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
