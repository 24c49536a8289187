import type { Decider } from '../shared/decider';
import { z } from 'zod';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { message } from '../shared/messages';
import type { SmsPhoneKind } from './rules';
import { smsDay } from './rules';

// ---------------------------------------------------------------------------------------------------------
// Consent by QR code (product.md 5 Consent): the printed code opens a public page of the organisation where a
// parent types their phone, receives a one-time code by SMS and, with it, records ONAY or RET for that phone on
// every student of the organisation holding it. Stream `sms_consent_code-<org>-<phone>`.
// ---------------------------------------------------------------------------------------------------------

/** How long a code holds, how soon a new one may be asked for, how many a day, how many wrong tries. */
export const SMS_CONSENT_CODE_TTL_MS = 10 * 60_000;
export const SMS_CONSENT_CODE_GAP_MS = 60_000;
export const SMS_CONSENT_CODES_PER_DAY = 5;
export const SMS_CONSENT_CODE_TRIES = 5;

const phone = z
  .string({ error: message('sms.consentPhoneInvalid') })
  .transform((v) => v.replace(/\D/g, '').replace(/^(90|0)(?=\d{10}$)/, ''))
  .refine((v) => /^5\d{9}$/.test(v), { error: message('sms.consentPhoneInvalid') });

/** POST smsConsent/requestCode (public). */
export const requestSmsConsentCodeSchema = z.strictObject({
  organizationId: z.uuid({ error: message('sms.consentPageNotFound') }),
  phone,
});

/** POST smsConsent/confirm (public). */
export const confirmSmsConsentSchema = z.strictObject({
  organizationId: z.uuid({ error: message('sms.consentPageNotFound') }),
  phone,
  code: z.string({ error: message('sms.consentCodeWrong') }).regex(/^\d{6}$/, {
    error: message('sms.consentCodeWrong'),
  }),
  status: z.enum(['ONAY', 'RET'], { error: message('sms.consentStatusInvalid') }),
});

export type SmsConsentCodeEvent =
  | DomainEvent<
      'SmsConsentCodeIssued',
      {
        organizationId: string;
        phone: string;
        /** SHA-256 of the code: the code itself is only in the SMS. */
        codeHash: string;
        campaignId: string;
        expiresAt: string;
        issuedAt: string;
      }
    >
  | DomainEvent<'SmsConsentCodeRejected', { organizationId: string; phone: string; rejectedAt: string }>
  | DomainEvent<
      'SmsConsentConfirmed',
      {
        organizationId: string;
        phone: string;
        status: 'ONAY' | 'RET';
        source: 'qr';
        students: Array<{ studentId: string; phoneKind: SmsPhoneKind }>;
        confirmedAt: string;
      }
    >;

export interface SmsConsentCodeState {
  codeHash: string | null;
  expiresAt: string | null;
  tries: number;
  lastIssuedAt: string | null;
  day: string;
  issuedToday: number;
}

export const initialSmsConsentCodeState: SmsConsentCodeState = {
  codeHash: null,
  expiresAt: null,
  tries: 0,
  lastIssuedAt: null,
  day: '',
  issuedToday: 0,
};

export type SmsConsentCodeCommand =
  | {
      type: 'IssueSmsConsentCode';
      organizationId: string;
      phone: string;
      codeHash: string;
      campaignId: string;
      now: string;
    }
  | {
      type: 'ConfirmSmsConsent';
      organizationId: string;
      phone: string;
      codeHash: string;
      status: 'ONAY' | 'RET';
      students: Array<{ studentId: string; phoneKind: SmsPhoneKind }>;
      now: string;
    };

export function decideSmsConsentCode(
  command: SmsConsentCodeCommand,
  state: SmsConsentCodeState,
): SmsConsentCodeEvent[] {
  const nowMs = Date.parse(command.now);
  switch (command.type) {
    case 'IssueSmsConsentCode': {
      if (state.lastIssuedAt && nowMs - Date.parse(state.lastIssuedAt) < SMS_CONSENT_CODE_GAP_MS)
        throw new DomainError('sms.consentCodeTooSoon');
      const today = state.day === smsDay(command.now) ? state.issuedToday : 0;
      if (today >= SMS_CONSENT_CODES_PER_DAY) throw new DomainError('sms.consentCodeTooMany');
      return [
        {
          type: 'SmsConsentCodeIssued',
          data: {
            organizationId: command.organizationId,
            phone: command.phone,
            codeHash: command.codeHash,
            campaignId: command.campaignId,
            expiresAt: new Date(nowMs + SMS_CONSENT_CODE_TTL_MS).toISOString(),
            issuedAt: command.now,
          },
        },
      ];
    }
    case 'ConfirmSmsConsent': {
      const live =
        state.codeHash !== null &&
        state.expiresAt !== null &&
        nowMs < Date.parse(state.expiresAt) &&
        state.tries < SMS_CONSENT_CODE_TRIES;
      if (!live) throw new DomainError('sms.consentCodeExpired');
      // A wrong code is recorded (it counts against the tries); the server answers it as refused.
      if (command.codeHash !== state.codeHash)
        return [
          {
            type: 'SmsConsentCodeRejected',
            data: { organizationId: command.organizationId, phone: command.phone, rejectedAt: command.now },
          },
        ];
      return [
        {
          type: 'SmsConsentConfirmed',
          data: {
            organizationId: command.organizationId,
            phone: command.phone,
            status: command.status,
            source: 'qr',
            students: command.students,
            confirmedAt: command.now,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveSmsConsentCode(
  state: SmsConsentCodeState,
  event: SmsConsentCodeEvent,
): SmsConsentCodeState {
  switch (event.type) {
    case 'SmsConsentCodeIssued': {
      const day = smsDay(event.data.issuedAt);
      return {
        codeHash: event.data.codeHash,
        expiresAt: event.data.expiresAt,
        tries: 0,
        lastIssuedAt: event.data.issuedAt,
        day,
        issuedToday: (state.day === day ? state.issuedToday : 0) + 1,
      };
    }
    case 'SmsConsentCodeRejected':
      return { ...state, tries: state.tries + 1 };
    case 'SmsConsentConfirmed':
      // A code is used once.
      return { ...state, codeHash: null, expiresAt: null };
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const smsConsentCodeDecider = {
  decide: decideSmsConsentCode,
  evolve: evolveSmsConsentCode,
  initialState: initialSmsConsentCodeState,
} satisfies Decider<SmsConsentCodeCommand, SmsConsentCodeEvent, SmsConsentCodeState>;

export const smsConsentCodeStream = (organizationId: string, phone: string) =>
  `sms_consent_code-${organizationId}-${phone}`;

/** The one-time code's SMS (Turkish), sent to the phone that asked for it. */
export function smsConsentCodeText(organizationName: string, code: string): string {
  return `${organizationName} SMS izin doğrulama kodunuz: ${code}. Kod 10 dakika geçerlidir.`;
}
