import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ROLE_LABELS_TR,
  emailReservationDecider,
  emailReservationStream,
  inboxDecider,
  inboxStream,
  invitationDecider,
  invitationStream,
  organizationDecider,
  organizationStream,
} from '@okul/domain';
import { readInbox, readInboxItem, readInvitationPending, type Db } from '@okul/projections';
import { hashPassword } from '../auth/password';
import { hashToken } from '../auth/token.service';
import type { AppConfig } from '../config/config';
import {
  CommandExecutor,
  decideOn,
  type CommandContext,
  type StreamDecision,
} from '../infra/command-executor';
import { newEntityId, type Principal } from '../infra/http/request-context';
import { CONFIG, CROSS_ORG_DB, DB } from '../infra/tokens';
import { withOrganization } from '../infra/organization-scope';
import { accountLink, invitationMail } from '../mail/mail-templates';
import { AccountEmailsService, issueToken } from './account-emails.service';
import { AccountsService } from './accounts.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The invitation link's token is `<invitationId>.<secret>`: the id finds the stream, the secret proves the mail. */
function splitInvitationToken(token: string): string | null {
  const id = token.split('.')[0] ?? '';
  return UUID.test(id) && token.length > id.length + 1 ? id : null;
}

/** inviteUser, acceptInvitation, respondToOrgInvitation and the inbox (api.md 7.2, 7.3). */
@Injectable()
export class InvitationsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(AccountEmailsService) private readonly emails: AccountEmailsService,
    @Inject(AccountsService) private readonly accounts: AccountsService,
  ) {}

  /**
   * api.md 7.3 inviteUser {email, name, orgId, orgRoleId}: an existing user gets an invitation in the inbox;
   * a new address gets an e-mail with a link to set a password (product.md 2, Kullanıcılar).
   */
  async invite(
    ctx: CommandContext,
    p: Principal,
    organizationId: string,
    input: { email: string; name: string; orgRoleId: number },
  ): Promise<{ invitationId: string; delivery: 'inbox' | 'email' }> {
    const invitationId = newEntityId(ctx, 'invitation');
    const existing = await this.emails.userByEmail(input.email);
    const secret = existing ? null : issueToken(`${invitationId}.`);
    const expiresAt = secret
      ? new Date(ctx.now.getTime() + this.config.INVITATION_TTL_DAYS * 86_400_000).toISOString()
      : null;
    let organizationName = '';
    if (existing) {
      const pending = await withOrganization(organizationId, () =>
        readInvitationPending(this.db, organizationId, existing.id),
      );
      if (pending) throw new DomainError('invitation.alreadyPending');
    }
    await this.executor.executeMany(ctx, async () => {
      const org = await this.executor.load(organizationStream(organizationId), organizationDecider);
      if (org.state.status === 'none') throw new DomainError('org.notFound');
      if (existing && org.state.members[existing.id]?.isActive) throw new DomainError('org.alreadyMember');
      organizationName = org.state.name;
      const invitation = await this.executor.load(invitationStream(invitationId), invitationDecider);
      return [
        decideOn(invitation, invitationDecider, {
          type: 'InviteUser',
          invitationId,
          organizationId,
          organizationName,
          email: input.email,
          name: input.name || existing?.name || input.email.split('@')[0],
          orgRoleId: input.orgRoleId,
          invitedByUserId: p.userId,
          invitedByName: p.name,
          invitedUserId: existing?.id ?? null,
          tokenHash: secret?.hash ?? null,
          expiresAt,
          now: ctx.now.toISOString(),
        }),
      ];
    });
    if (secret) {
      await this.emails.send(
        invitationMail({
          to: input.email,
          name: input.name,
          inviterName: p.name,
          organizationName,
          roleLabel: ROLE_LABELS_TR[input.orgRoleId] ?? String(input.orgRoleId),
          link: accountLink(this.config.PUBLIC_URL, 'invite', input.email, secret.token),
          days: this.config.INVITATION_TTL_DAYS,
        }),
        true,
      );
    }
    return { invitationId, delivery: existing ? 'inbox' : 'email' };
  }

  /**
   * api.md 7.2 acceptInvitation {email, token, newPassword}: the link proves the address, so the new user
   * starts verified and active (staff pay no subscription of their own), and joins with the invited role.
   */
  async acceptByToken(
    ctx: CommandContext,
    email: string,
    token: string,
    newPassword: string,
  ): Promise<{ userId: string; organizationId: string }> {
    const invitationId = splitInvitationToken(token);
    if (!invitationId) throw new DomainError('invitation.tokenInvalid');
    const userId = newEntityId(ctx, 'user');
    const passwordHash = await hashPassword(newPassword);
    const now = ctx.now.toISOString();
    let organizationId = '';
    // The organisation is known once the invitation is read; the events' metadata is built after the
    // decision, so setting it here files the acceptance in that organisation's log.
    const actx: CommandContext = { ...ctx, userId };
    await this.executor.executeMany(actx, async () => {
      const inv = await this.executor.load(invitationStream(invitationId), invitationDecider);
      const accepted = invitationDecider.decide(
        { type: 'AcceptByToken', email, presentedHash: hashToken(token), newUserId: userId, now },
        inv.state,
      );
      if (inv.state.status === 'none') throw new DomainError('invitation.tokenInvalid');
      organizationId = inv.state.organizationId;
      actx.organizationId = organizationId;
      const reservation = await this.executor.load(emailReservationStream(email), emailReservationDecider);
      if (reservation.state.holder !== null) throw new DomainError('invitation.accountExists');
      const user = await this.accounts.newUserDecisions(
        {
          userId,
          email,
          name: inv.state.name,
          surname: null,
          phone: null,
          tckn: null,
          passwordHash,
          registrationStatus: 'active',
          globalRoleId: null,
          emailVerified: true,
        },
        now,
      );
      // The invitee is no member yet: the organisation the invitation names is the one read.
      const org = await withOrganization(organizationId, () =>
        this.executor.load(organizationStream(organizationId), organizationDecider),
      );
      return [
        { stream: inv, events: accepted },
        ...user,
        decideOn(org, organizationDecider, {
          type: 'AddMember',
          userId,
          orgRoleId: inv.state.orgRoleId,
          now,
        }),
      ];
    });
    return { userId, organizationId };
  }

  /** api.md 7.2 respondToOrgInvitation {messageId, accept}: the inbox item of an invitation names it. */
  async respond(
    ctx: CommandContext,
    p: Principal,
    messageId: string,
    accept: boolean,
  ): Promise<{ organizationId: string }> {
    // The caller's own inbox, whichever organisation the invitation comes from.
    const row = await readInboxItem(this.crossOrgDb, p.userId, messageId);
    if (!row) throw new DomainError('inbox.notFound');
    if (row.type !== 'invitation' || !UUID.test(messageId)) throw new DomainError('inbox.notInvitation');
    let organizationId = row.organization_id ?? '';
    await this.executor.executeMany({ ...ctx, organizationId }, async () => {
      const inv = await this.executor.load(invitationStream(messageId), invitationDecider);
      const decisions: StreamDecision[] = [
        decideOn(inv, invitationDecider, {
          type: 'Respond',
          userId: p.userId,
          accept,
          now: ctx.now.toISOString(),
        }),
      ];
      if (accept && inv.state.status !== 'none') {
        organizationId = inv.state.organizationId;
        const org = await this.executor.load(organizationStream(organizationId), organizationDecider);
        decisions.push(
          decideOn(org, organizationDecider, {
            type: 'AddMember',
            userId: p.userId,
            orgRoleId: inv.state.orgRoleId,
            now: ctx.now.toISOString(),
          }),
        );
      }
      return decisions;
    });
    return { organizationId };
  }

  /** api.md 7.2 getMessages: the caller's inbox items, newest first (product.md 3 Inbox item). */
  async messages(userId: string) {
    // The caller's own inbox holds items of every organisation they belong to or are invited to.
    const rows = await readInbox(this.crossOrgDb, userId);
    return rows.map((m) => ({
      id: m.id,
      type: m.type,
      subject: m.subject,
      body: m.body,
      isRead: m.is_read,
      createdAt: iso(m.created_at),
      responseStatus: m.response_status,
      respondedAt: iso(m.responded_at),
      organizationId: m.organization_id,
    }));
  }

  /** api.md 7.2 markMessageAsRead {messageId}. */
  async markRead(ctx: CommandContext, userId: string, messageId: string): Promise<void> {
    if ((await readInboxItem(this.crossOrgDb, userId, messageId)) === null)
      throw new DomainError('inbox.notFound');
    await this.executor.execute(ctx, inboxStream(userId), inboxDecider, {
      type: 'MarkRead',
      userId,
      messageId,
      now: ctx.now.toISOString(),
    });
  }
}
