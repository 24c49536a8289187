import { DomainError } from '@okul/domain';
import type { CommandContext, CommandExecutor } from './command-executor';
import { withOrganization } from './organization-scope';
import { log } from './observability/logger';

/**
 * Runs one user action; when the domain refuses it, records `ActionRefused` so the audit log shows
 * `<action>_failed` with the reason, the caller's ip and user agent (product.md 3), then rethrows.
 */
export async function audited<T>(
  executor: CommandExecutor,
  ctx: CommandContext,
  action: string,
  fn: () => Promise<T>,
  details: Record<string, unknown> = {},
): Promise<T> {
  try {
    // The action's lookups read the organisation it acts on (row-level security), also on calls whose path
    // names none (a checkout, an invitation, a public consent page of a given organisation).
    return await (ctx.organizationId ? withOrganization(ctx.organizationId, fn) : fn());
  } catch (e) {
    if (e instanceof DomainError && e.status < 500) {
      await executor
        .record(ctx, `refusals-${ctx.organizationId ?? 'global'}`, [
          { type: 'ActionRefused', data: { action, reason: e.message, details } },
        ])
        .catch((err) => log('audit').error({ action, err }, 'could not record the refusal'));
    }
    throw e;
  }
}
