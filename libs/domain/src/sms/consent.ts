import type { Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/events';
import { trUpper } from '../shared/validation';
import type { SmsPhoneKind } from './rules';

/**
 * A reply to the shared number (product.md 5 Consent): ONAY gives consent, RET revokes it, for the phone it
 * came from, on every student of the organisation holding that phone. Stream `sms_inbound-<id>-<org>`: one
 * reply is recorded once, however often the gateway reports it.
 */
export type SmsConsentEvent = DomainEvent<
  'SmsConsentReplied',
  {
    inboundId: string;
    organizationId: string;
    phone: string;
    status: 'ONAY' | 'RET';
    content: string;
    students: Array<{ studentId: string; phoneKind: SmsPhoneKind }>;
    receivedAt: string;
  }
>;

export interface SmsConsentCommand {
  type: 'RecordConsentReply';
  inboundId: string;
  organizationId: string;
  /** 10 digits, as students' phones are kept. */
  phone: string;
  content: string;
  students: Array<{ studentId: string; phoneKind: SmsPhoneKind }>;
  receivedAt: string;
}

export type SmsConsentState = { recorded: boolean };

/** The consent a reply asks for: its first word ONAY or RET (any case, Turkish letters), else none. */
export function consentReply(content: string): 'ONAY' | 'RET' | null {
  const word = trUpper(content.trim()).split(/\s+/)[0] ?? '';
  return word === 'ONAY' || word === 'RET' ? word : null;
}

export const smsConsentDecider = {
  decide(command: SmsConsentCommand, state: SmsConsentState): SmsConsentEvent[] {
    const status = consentReply(command.content);
    if (state.recorded || status === null || command.students.length === 0) return [];
    const { type: _t, ...rest } = command;
    return [{ type: 'SmsConsentReplied', data: { ...rest, status } }];
  },
  evolve(_state: SmsConsentState, _event: SmsConsentEvent): SmsConsentState {
    return { recorded: true };
  },
  initialState: { recorded: false } as SmsConsentState,
} satisfies Decider<SmsConsentCommand, SmsConsentEvent, SmsConsentState>;

export const smsInboundStream = (inboundId: string, organizationId: string) =>
  `sms_inbound-${inboundId}-${organizationId}`;
