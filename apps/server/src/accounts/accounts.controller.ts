import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  acceptInvitationSchema,
  loginSchema,
  logoutSchema,
  messageIdSchema,
  preregisterSchema,
  registerSchema,
  requestEmailVerificationSchema,
  requestResetPasswordSchema,
  resetPasswordSchema,
  respondToInvitationSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from '@okul/domain';
import type { Response } from 'express';
import { AccessService } from '../auth/access.service';
import { AccountCall, Public } from '../auth/decorators';
import { TokenService } from '../auth/token.service';
import type { AppConfig } from '../config/config';
import { CommandExecutor } from '../infra/command-executor';
import { audited } from '../infra/audited';
import { parseBody } from '../infra/http/parse';
import { commandContext, type AppRequest, type Principal } from '../infra/http/request-context';
import { CONFIG } from '../infra/tokens';
import {
  RequestEmailVerificationCommand,
  RequestPasswordResetCommand,
  ResetPasswordCommand,
  VerifyEmailCommand,
} from './account-email.commands';
import {
  EndAllSessionsCommand,
  EndSessionCommand,
  LoginCommand,
  PreregisterCommand,
  RefreshSessionCommand,
  RegisterCommand,
  UpdateProfileCommand,
  type IssuedSession,
} from './accounts.commands';
import { AccountsQueries } from './accounts.queries';
import { InboxQueries } from './inbox.queries';
import { MarkMessageReadCommand } from './inbox.commands';
import { AcceptInvitationByTokenCommand, RespondToInvitationCommand } from './invitation.commands';
import { ApiAnswer, ApiBody, ApiErrors } from '../infra/http/api-doc';
import {
  emptyBodySchema,
  endAllSessionsAnswerSchema,
  endAllSessionsSchema,
  inboxItemSchema,
  invitationAnswerSchema,
  loginAnswerSchema,
  logoutAnswerSchema,
  membershipSchema,
  organizationSchema,
  profileSchema,
  refreshAnswerSchema,
  registerAnswerSchema,
  sessionsAnswerSchema,
  successAnswerSchema,
} from '@okul/domain';
import { z } from 'zod';

/**
 * The refresh cookie. In production its name carries the `__Host-` prefix, which browsers accept only for a
 * Secure cookie of path `/` without a Domain, so no sibling subdomain or plain-http page can set or shadow it.
 */
export const refreshCookie = (config: AppConfig) =>
  config.isProduction
    ? { name: '__Host-refresh_token', path: '/' }
    : { name: 'refresh_token', path: '/api/v1' };

/** The e-mail named in a body, for the audit details of a refused call (never a token or a password). */
const emailOf = (body: unknown): string | null => {
  const e = (body as { email?: unknown } | null)?.email;
  return typeof e === 'string' ? e.slice(0, 100) : null;
};

/** api.md 7.2: account and session calls. */
@Controller('api/v1')
export class AccountsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(AccountsQueries) private readonly queries: AccountsQueries,
    @Inject(InboxQueries) private readonly inbox: InboxQueries,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  private setRefreshCookie(res: Response, s: IssuedSession) {
    const cookie = refreshCookie(this.config);
    res.cookie(cookie.name, s.refreshToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.NODE_ENV !== 'development' && this.config.NODE_ENV !== 'test',
      path: cookie.path,
      expires: s.refreshExpires,
    });
  }

  /** The caller of a call that works without a session too (register): null when no valid token came. */
  private async optionalPrincipal(req: AppRequest): Promise<Principal | null> {
    const header = req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const claims = token ? await this.tokens.verifyAccess(token) : null;
    return claims ? this.access.principal(claims.userId, claims.sessionId) : null;
  }

  @Public()
  @ApiBody(preregisterSchema)
  @ApiAnswer(successAnswerSchema)
  @ApiErrors('auth.emailTaken')
  @Post('preregister')
  @HttpCode(200)
  async preregister(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(
      this.executor,
      ctx,
      'create_organization',
      async () => {
        await this.commands.execute(new PreregisterCommand(ctx, parseBody(preregisterSchema, body)));
        return { success: true };
      },
      { email: emailOf(body) },
    );
  }

  @Public()
  @ApiBody(registerSchema)
  @ApiAnswer(registerAnswerSchema)
  @ApiErrors('auth.emailTaken')
  @Post('register')
  @HttpCode(200)
  async register(@Req() req: AppRequest, @Body() body: unknown) {
    const caller = await this.optionalPrincipal(req);
    if (caller) req.principal = caller;
    const ctx = commandContext(req);
    return audited(
      this.executor,
      ctx,
      'create_user',
      async () => {
        const input = parseBody(registerSchema, body);
        const { userId } = await this.commands.execute(new RegisterCommand(ctx, input, caller));
        return { success: true, userId };
      },
      { email: emailOf(body) },
    );
  }

  @Public()
  @ApiBody(loginSchema)
  @ApiAnswer(loginAnswerSchema)
  @ApiErrors('auth.invalidCredentials', 'auth.tooManyAttempts')
  @Post('login')
  @HttpCode(200)
  async login(@Req() req: AppRequest, @Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const ctx = commandContext(req);
    return audited(
      this.executor,
      ctx,
      'login',
      async () => {
        const s = await this.commands.execute(new LoginCommand(ctx, parseBody(loginSchema, body)));
        this.setRefreshCookie(res, s);
        return { success: true, access_token: s.accessToken };
      },
      { email: emailOf(body) },
    );
  }

  @Public()
  @ApiBody(emptyBodySchema)
  @ApiAnswer(refreshAnswerSchema, 'A new access token (the refresh token is the httpOnly cookie)')
  @ApiErrors('auth.refreshInvalid')
  @Post('refresh')
  @HttpCode(200)
  async refresh(@Req() req: AppRequest, @Res({ passthrough: true }) res: Response) {
    const cookie = refreshCookie(this.config);
    const presented: unknown = req.cookies?.[cookie.name];
    try {
      const s = await this.commands.execute(
        new RefreshSessionCommand(commandContext(req), typeof presented === 'string' ? presented : ''),
      );
      this.setRefreshCookie(res, s);
      return { accessToken: s.accessToken, access_token: s.accessToken };
    } catch (e) {
      res.clearCookie(cookie.name, { path: cookie.path });
      throw e;
    }
  }

  @AccountCall()
  @ApiBody(logoutSchema)
  @ApiAnswer(logoutAnswerSchema)
  @ApiErrors(
    'account.sessionNotFound',
    'account.currentPasswordMissing',
    'account.currentPasswordWrong',
    'account.tooManyPasswordTries',
  )
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: AppRequest, @Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const input = parseBody(logoutSchema, body);
    const ctx = commandContext(req);
    const ended = await audited(this.executor, ctx, 'logout', () =>
      this.commands.execute(new EndSessionCommand(ctx, req.principal!, input)),
    );
    if (ended.wasCurrent) {
      const cookie = refreshCookie(this.config);
      res.clearCookie(cookie.name, { path: cookie.path });
    }
    return { success: true, ...ended };
  }

  @AccountCall()
  @ApiBody(endAllSessionsSchema)
  @ApiAnswer(endAllSessionsAnswerSchema)
  @ApiErrors('account.currentPasswordMissing', 'account.currentPasswordWrong', 'account.tooManyPasswordTries')
  @Post('endAllSessions')
  @HttpCode(200)
  async endAllSessions(
    @Req() req: AppRequest,
    @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    const ctx = commandContext(req);
    const { endedSessions } = await audited(this.executor, ctx, 'end_all_sessions', async () =>
      this.commands.execute(
        new EndAllSessionsCommand(ctx, req.principal!.userId, parseBody(endAllSessionsSchema, body)),
      ),
    );
    const cookie = refreshCookie(this.config);
    res.clearCookie(cookie.name, { path: cookie.path });
    return { success: true as const, endedSessions };
  }

  @AccountCall()
  @ApiAnswer(profileSchema)
  @Get('getProfile')
  getProfile(@Req() req: AppRequest) {
    return this.queries.profile(req.principal!.userId);
  }

  @AccountCall()
  @ApiBody(updateProfileSchema)
  @ApiAnswer(successAnswerSchema.loose())
  @ApiErrors(
    'account.currentPasswordWrong',
    'auth.emailTaken',
    'account.globalRoleNotAllowed',
    'account.globalRoleInvalid',
  )
  @Post('updateProfile')
  @HttpCode(200)
  async updateProfile(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'update_profile', async () => {
      const input = parseBody(updateProfileSchema, body);
      const r = await this.commands.execute(new UpdateProfileCommand(ctx, req.principal!, input));
      return { success: true, ...r };
    });
  }

  @AccountCall()
  @ApiAnswer(sessionsAnswerSchema)
  @Get('getSessions')
  getSessions(@Req() req: AppRequest) {
    return this.queries.sessions(req.principal!.userId, req.principal!.sessionId);
  }

  @AccountCall()
  @ApiAnswer(z.array(membershipSchema))
  @Get('getOrganizations')
  getOrganizations(@Req() req: AppRequest) {
    return this.queries.organizations(req.principal!.userId);
  }

  @AccountCall()
  @ApiAnswer(z.array(organizationSchema))
  @Get('getAllOrganizations')
  getAllOrganizations(@Req() req: AppRequest) {
    return this.queries.allOrganizations(req.principal!);
  }

  @AccountCall()
  @ApiBody(requestEmailVerificationSchema)
  @ApiAnswer(successAnswerSchema)
  @ApiErrors(
    'account.emailAlreadyVerified',
    'account.emailMismatch',
    'account.tooManyRequests',
    'mail.sendFailed',
  )
  @Post('requestEmailVerification')
  @HttpCode(200)
  async requestEmailVerification(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    const p = req.principal!;
    return audited(
      this.executor,
      ctx,
      'request_email_verification',
      () =>
        this.commands.execute(
          new RequestEmailVerificationCommand(
            ctx,
            p.email,
            parseBody(requestEmailVerificationSchema, body).email,
          ),
        ),
      { email: p.email },
    );
  }

  /** No session needed: the link in the mail may be opened on another device (product.md 2: /giris/verify). */
  @Public()
  @ApiBody(verifyEmailSchema)
  @ApiAnswer(successAnswerSchema)
  @ApiErrors('account.verifyTokenInvalid')
  @Post('verifyEmail')
  @HttpCode(200)
  async verifyEmail(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(
      this.executor,
      ctx,
      'verify_email',
      () => {
        const input = parseBody(verifyEmailSchema, body);
        return this.commands.execute(new VerifyEmailCommand(ctx, input.email, input.token));
      },
      { email: emailOf(body) },
    );
  }

  @Public()
  @ApiBody(requestResetPasswordSchema)
  @ApiAnswer(successAnswerSchema)
  @ApiErrors('account.tooManyRequests')
  @Post('requestResetPassword')
  @HttpCode(200)
  async requestResetPassword(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(
      this.executor,
      ctx,
      'password_reset_request',
      () =>
        this.commands.execute(
          new RequestPasswordResetCommand(ctx, parseBody(requestResetPasswordSchema, body).email),
        ),
      { email: emailOf(body) },
    );
  }

  @Public()
  @ApiBody(resetPasswordSchema)
  @ApiAnswer(successAnswerSchema)
  @ApiErrors('account.resetTokenInvalid')
  @Post('resetPassword')
  @HttpCode(200)
  async resetPassword(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(
      this.executor,
      ctx,
      'password_reset',
      () => {
        const input = parseBody(resetPasswordSchema, body);
        return this.commands.execute(
          new ResetPasswordCommand(ctx, input.email, input.token, input.newPassword),
        );
      },
      { email: emailOf(body) },
    );
  }

  @Public()
  @ApiBody(acceptInvitationSchema)
  @ApiAnswer(invitationAnswerSchema)
  @ApiErrors('invitation.tokenInvalid')
  @Post('acceptInvitation')
  @HttpCode(200)
  async acceptInvitation(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(
      this.executor,
      ctx,
      'accept_invitation',
      () => {
        const input = parseBody(acceptInvitationSchema, body);
        return this.commands.execute(
          new AcceptInvitationByTokenCommand(ctx, input.email, input.token, input.newPassword),
        );
      },
      { email: emailOf(body) },
    );
  }

  @AccountCall()
  @ApiAnswer(z.array(inboxItemSchema))
  @Get('getMessages')
  getMessages(@Req() req: AppRequest) {
    return this.inbox.messages(req.principal!.userId);
  }

  @AccountCall()
  @ApiBody(messageIdSchema)
  @ApiAnswer(successAnswerSchema)
  @ApiErrors('inbox.notFound')
  @Post('markMessageAsRead')
  @HttpCode(200)
  async markMessageAsRead(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    return audited(this.executor, ctx, 'mark_message_read', () =>
      this.commands.execute(new MarkMessageReadCommand(ctx, parseBody(messageIdSchema, body).messageId)),
    );
  }

  @AccountCall()
  @ApiBody(respondToInvitationSchema)
  @ApiAnswer(invitationAnswerSchema)
  @ApiErrors('inbox.notFound', 'inbox.notInvitation', 'invitation.alreadyAnswered', 'org.alreadyMember')
  @Post('respondToOrgInvitation')
  @HttpCode(200)
  async respondToOrgInvitation(@Req() req: AppRequest, @Body() body: unknown) {
    const ctx = commandContext(req);
    const accept = (body as { accept?: unknown } | null)?.accept === true;
    return audited(this.executor, ctx, accept ? 'accept_invitation' : 'reject_invitation', () => {
      const input = parseBody(respondToInvitationSchema, body);
      return this.commands.execute(new RespondToInvitationCommand(ctx, input.messageId, input.accept));
    });
  }
}
