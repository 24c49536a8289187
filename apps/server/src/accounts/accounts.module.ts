import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { RATE_LIMITER, createRateLimiter, type RateLimiter } from '../auth/rate-limiter';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../infra/tokens';
import { MailModule } from '../mail/mail.module';
import { AccountEmailsService } from './account-emails.service';
import { AccountsController } from './accounts.controller';
import {
  EndAllSessionsHandler,
  EndSessionHandler,
  LoginHandler,
  PreregisterHandler,
  RefreshSessionHandler,
  RegisterHandler,
  StartSessionHandler,
  UpdateProfileHandler,
} from './accounts.commands';
import { AccountsQueries } from './accounts.queries';
import { AccountsService } from './accounts.service';
import {
  AcceptInvitationByTokenHandler,
  InviteUserHandler,
  ResendInvitationHandler,
  RespondToInvitationHandler,
  RevokeInvitationHandler,
} from './invitation.commands';
import {
  RequestEmailVerificationHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  VerifyEmailHandler,
} from './account-email.commands';
import { MarkMessageReadHandler } from './inbox.commands';
import { InboxQueries } from './inbox.queries';
import {
  ApproveOrganizationVerificationHandler,
  RefuseOrganizationVerificationHandler,
} from './organization-verification.commands';
import { PendingInvitationsController } from './pending-invitations.controller';
import { OrganizationsController } from './organizations.controller';
import {
  ActivateOrganizationHandler,
  DeactivateOrganizationHandler,
  RemoveOrganizationUserHandler,
  RenameOrganizationHandler,
  UpdateOrganizationUserHandler,
} from './organizations.commands';
import { OrganizationsQueries } from './organizations.queries';
import { SessionsService } from './sessions.service';

@Module({
  imports: [MailModule],
  controllers: [AccountsController, OrganizationsController, PendingInvitationsController],
  providers: [
    {
      provide: RATE_LIMITER,
      useFactory: (config: AppConfig) => createRateLimiter(config),
      inject: [CONFIG],
    },
    AccountsService,
    AccountsQueries,
    PreregisterHandler,
    RegisterHandler,
    LoginHandler,
    StartSessionHandler,
    RefreshSessionHandler,
    EndSessionHandler,
    EndAllSessionsHandler,
    UpdateProfileHandler,
    AccountEmailsService,
    SessionsService,
    ResendInvitationHandler,
    RevokeInvitationHandler,
    InviteUserHandler,
    AcceptInvitationByTokenHandler,
    RespondToInvitationHandler,
    RequestEmailVerificationHandler,
    VerifyEmailHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    MarkMessageReadHandler,
    InboxQueries,
    ApproveOrganizationVerificationHandler,
    RefuseOrganizationVerificationHandler,
    OrganizationsQueries,
    RenameOrganizationHandler,
    DeactivateOrganizationHandler,
    ActivateOrganizationHandler,
    UpdateOrganizationUserHandler,
    RemoveOrganizationUserHandler,
  ],
  exports: [AccountsService, RATE_LIMITER],
})
export class AccountsModule implements OnModuleDestroy {
  constructor(@Inject(RATE_LIMITER) private readonly limiter: RateLimiter) {}
  async onModuleDestroy() {
    await this.limiter.close();
  }
}
