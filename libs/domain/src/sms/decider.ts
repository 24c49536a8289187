import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { message } from '../shared/messages';
import {
  SMS_DATA_CODING,
  onceADayKey,
  smsDay,
  smsLength,
  smsSegments,
  truncateSms,
  type SmsDataCoding,
  type SmsPhoneKind,
} from './rules';
import { isFinalSmsStatus, smsStatusReturnsCredits, type SmsStatus, type SmsType } from './statuses';

// ---------------------------------------------------------------------------------------------------------
// The organisation's SMS credit ledger, stream `sms_credits-<organizationId>`. Purchases stay on the
// organisation (SmsCreditsAdded, bought at the checkout); what is spent and given back lives here, so every
// reservation is appended with this stream's expected version and two sends at once can never overdraw.
// Purchases only ever add, so reading their total without a version can only make a send more careful.
// ---------------------------------------------------------------------------------------------------------

export type SmsCreditEvent =
  | DomainEvent<
      'SmsCreditsReserved',
      {
        organizationId: string;
        campaignId: string;
        credits: number;
        /** Istanbul day and the once-a-day keys (destination + content digest) of the campaign's messages. */
        day: string;
        keys: string[];
        /**
         * The student of each key, in the same order: a key holds a phone number in clear, and reads blank
         * an erased student's keys (students/personal-data.ts). Absent in reservations recorded before.
         */
        studentIds?: Array<string | null>;
        reservedAt: string;
      }
    >
  | DomainEvent<
      'SmsCreditsReturned',
      {
        organizationId: string;
        campaignId: string;
        credits: number;
        messageCustomIds: string[];
        reason: string;
        returnedAt: string;
      }
    >;

export interface SmsCreditState {
  reserved: number;
  returned: number;
  day: string;
  sentToday: Record<string, true>;
}

export const initialSmsCreditState: SmsCreditState = { reserved: 0, returned: 0, day: '', sentToday: {} };

export type SmsCreditCommand =
  | {
      type: 'ReserveSmsCredits';
      organizationId: string;
      campaignId: string;
      /** Every credit the organisation has bought (the organisation's SmsCreditsAdded total). */
      purchased: number;
      messages: ReadonlyArray<{ dest: string; msg: string; credits: number; studentId?: string }>;
      now: string;
    }
  | {
      type: 'ReturnSmsCredits';
      organizationId: string;
      campaignId: string;
      credits: number;
      messageCustomIds: string[];
      reason: string;
      now: string;
    };

/** Credits left: bought, minus reserved, plus given back. Never below zero (the reservation checks it). */
export function smsCreditBalance(purchased: number, s: SmsCreditState): number {
  return purchased - s.reserved + s.returned;
}

export function decideSmsCredits(command: SmsCreditCommand, state: SmsCreditState): SmsCreditEvent[] {
  switch (command.type) {
    case 'ReserveSmsCredits': {
      const credits = command.messages.reduce((n, m) => n + m.credits, 0);
      if (credits > smsCreditBalance(command.purchased, state)) {
        throw new DomainError('sms.notEnoughCredits', undefined, {
          needed: credits,
          available: Math.max(0, smsCreditBalance(command.purchased, state)),
        });
      }
      const day = smsDay(command.now);
      const keys = command.messages.map((m) => onceADayKey(m.dest, m.msg));
      const today = state.day === day ? state.sentToday : {};
      const repeated = command.messages.filter((_, i) => today[keys[i]]).map((m) => m.dest);
      if (repeated.length > 0) {
        throw new DomainError(
          'sms.sentToday',
          message('sms.sentToday', { destinations: [...new Set(repeated)].join(', ') }),
          { destinations: [...new Set(repeated)] },
        );
      }
      return [
        {
          type: 'SmsCreditsReserved',
          data: {
            organizationId: command.organizationId,
            campaignId: command.campaignId,
            credits,
            day,
            keys,
            studentIds: command.messages.map((m) => m.studentId ?? null),
            reservedAt: command.now,
          },
        },
      ];
    }
    case 'ReturnSmsCredits': {
      if (command.credits <= 0) return [];
      return [
        {
          type: 'SmsCreditsReturned',
          data: {
            organizationId: command.organizationId,
            campaignId: command.campaignId,
            credits: command.credits,
            messageCustomIds: command.messageCustomIds,
            reason: command.reason,
            returnedAt: command.now,
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

export function evolveSmsCredits(state: SmsCreditState, event: SmsCreditEvent): SmsCreditState {
  switch (event.type) {
    case 'SmsCreditsReserved': {
      const d = event.data;
      // Only today's keys matter for the once-a-day rule: an older day's set is dropped as a new day starts.
      const sentToday: Record<string, true> = d.day === state.day ? { ...state.sentToday } : {};
      for (const k of d.keys) sentToday[k] = true;
      return { ...state, reserved: state.reserved + d.credits, day: d.day, sentToday };
    }
    case 'SmsCreditsReturned':
      return { ...state, returned: state.returned + event.data.credits };
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const smsCreditDecider = {
  decide: decideSmsCredits,
  evolve: evolveSmsCredits,
  initialState: initialSmsCreditState,
} satisfies Decider<SmsCreditCommand, SmsCreditEvent, SmsCreditState>;

export const smsCreditStream = (organizationId: string) => `sms_credits-${organizationId}`;

// ---------------------------------------------------------------------------------------------------------
// One send (a campaign), stream `sms_campaign-<campaignId>`: accepted with its messages, handed to the
// gateway once (the campaign id is the gateway's custom id), then each message moves through the states of
// api.md 9.2 as delivery reports come in. The stream is the outbox: a worker sends what it says is unsent.
// ---------------------------------------------------------------------------------------------------------

export interface SmsOutMessage {
  /** The gateway's custom id of the message, unique in its campaign ("1", "2", ...). */
  messageCustomId: string;
  studentId: string;
  phoneKind: SmsPhoneKind;
  /** 12 digits (api.md 9.2). */
  dest: string;
  msg: string;
  /** Segments (api.md 9.2 size) and credits reserved for them. */
  size: number;
  credits: number;
}

export interface SmsReport {
  messageCustomId: string;
  messageId: string | null;
  status: SmsStatus;
  gsmError: string | null;
  sentAt: string | null;
  doneAt: string | null;
  /** Credits the gateway charged, when it says. */
  credits?: number | null;
  internationalMultiplier?: number | null;
}

export type SmsCampaignEvent =
  | DomainEvent<
      'SmsCampaignAccepted',
      {
        campaignId: string;
        organizationId: string;
        userId: string | null;
        smsType: SmsType;
        /** api.md 7.3 SendAt: when the gateway should send; null is now. */
        sendAt: string | null;
        dataCoding: SmsDataCoding;
        sourceAddr: string;
        /** What caused it when not a person's send (an automatic notice), for the outbox. */
        cause: string | null;
        messages: SmsOutMessage[];
        credits: number;
        acceptedAt: string;
      }
    >
  | DomainEvent<
      'SmsCampaignSubmitted',
      { campaignId: string; organizationId: string; gatewayCampaignId: string; submittedAt: string }
    >
  | DomainEvent<
      'SmsCampaignSendFailed',
      {
        campaignId: string;
        organizationId: string;
        reason: string;
        creditsReturned: number;
        failedAt: string;
      }
    >
  | DomainEvent<
      'SmsMessagesReported',
      {
        campaignId: string;
        organizationId: string;
        reports: Array<SmsReport & { creditsReturned: number }>;
        reportedAt: string;
      }
    >;

interface MessageState {
  status: SmsStatus;
  credits: number;
  dest: string;
}

export type SmsCampaignState =
  | { status: 'none' }
  | {
      status: 'accepted' | 'submitted' | 'failed';
      campaignId: string;
      organizationId: string;
      gatewayCampaignId: string | null;
      messages: Record<string, MessageState>;
    };

export const initialSmsCampaignState: SmsCampaignState = { status: 'none' };

export interface SmsRecipientInput {
  studentId: string;
  phoneKind: SmsPhoneKind;
  dest: string;
  msg: string;
}

export type SmsCampaignCommand =
  | {
      type: 'AcceptSmsCampaign';
      campaignId: string;
      organizationId: string;
      userId: string | null;
      smsType: SmsType;
      sendAt: string | null;
      sourceAddr: string;
      cause: string | null;
      recipients: SmsRecipientInput[];
      now: string;
    }
  | { type: 'RecordGatewayAcceptance'; gatewayCampaignId: string; now: string }
  | { type: 'RecordSendFailure'; reason: string; now: string }
  | { type: 'RecordDeliveryReports'; reports: SmsReport[]; now: string };

/** The messages of a send, as accepted: text cut to 1000, sized, numbered, repeats in one request merged. */
export function smsOutMessages(recipients: readonly SmsRecipientInput[]): SmsOutMessage[] {
  const seen = new Set<string>();
  const out: SmsOutMessage[] = [];
  for (const r of recipients) {
    const msg = truncateSms(r.msg);
    const key = onceADayKey(r.dest, msg);
    if (seen.has(key)) continue;
    seen.add(key);
    const size = smsSegments(msg, SMS_DATA_CODING);
    out.push({
      messageCustomId: String(out.length + 1),
      studentId: r.studentId,
      phoneKind: r.phoneKind,
      dest: r.dest,
      msg,
      size,
      credits: size,
    });
  }
  return out;
}

function existing(state: SmsCampaignState) {
  if (state.status === 'none') throw new DomainError('sms.campaignNotFound');
  return state;
}

export function decideSmsCampaign(command: SmsCampaignCommand, state: SmsCampaignState): SmsCampaignEvent[] {
  switch (command.type) {
    case 'AcceptSmsCampaign': {
      if (state.status !== 'none') throw new DomainError('common.conflict');
      const messages = smsOutMessages(command.recipients.filter((r) => smsLength(r.msg.trim()) > 0));
      if (messages.length === 0) throw new DomainError('sms.nothingToSend');
      return [
        {
          type: 'SmsCampaignAccepted',
          data: {
            campaignId: command.campaignId,
            organizationId: command.organizationId,
            userId: command.userId,
            smsType: command.smsType,
            sendAt: command.sendAt,
            dataCoding: SMS_DATA_CODING,
            sourceAddr: command.sourceAddr,
            cause: command.cause,
            messages,
            credits: messages.reduce((n, m) => n + m.credits, 0),
            acceptedAt: command.now,
          },
        },
      ];
    }
    case 'RecordGatewayAcceptance': {
      const s = existing(state);
      if (s.status !== 'accepted') return [];
      return [
        {
          type: 'SmsCampaignSubmitted',
          data: {
            campaignId: s.campaignId,
            organizationId: s.organizationId,
            gatewayCampaignId: command.gatewayCampaignId,
            submittedAt: command.now,
          },
        },
      ];
    }
    case 'RecordSendFailure': {
      const s = existing(state);
      if (s.status !== 'accepted') return [];
      const creditsReturned = Object.values(s.messages).reduce((n, m) => n + m.credits, 0);
      return [
        {
          type: 'SmsCampaignSendFailed',
          data: {
            campaignId: s.campaignId,
            organizationId: s.organizationId,
            reason: command.reason,
            creditsReturned,
            failedAt: command.now,
          },
        },
      ];
    }
    case 'RecordDeliveryReports': {
      const s = existing(state);
      if (s.status === 'failed') return [];
      const reports: Array<SmsReport & { creditsReturned: number }> = [];
      const seen = new Set<string>();
      for (const r of command.reports) {
        const m = s.messages[r.messageCustomId];
        // A report for an unknown message, a repeat, or one for a message already final changes nothing.
        if (!m || seen.has(r.messageCustomId) || isFinalSmsStatus(m.status) || m.status === r.status)
          continue;
        seen.add(r.messageCustomId);
        reports.push({ ...r, creditsReturned: smsStatusReturnsCredits(r.status) ? m.credits : 0 });
      }
      if (reports.length === 0) return [];
      return [
        {
          type: 'SmsMessagesReported',
          data: {
            campaignId: s.campaignId,
            organizationId: s.organizationId,
            reports,
            reportedAt: command.now,
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

export function evolveSmsCampaign(state: SmsCampaignState, event: SmsCampaignEvent): SmsCampaignState {
  switch (event.type) {
    case 'SmsCampaignAccepted': {
      const d = event.data;
      const messages: Record<string, MessageState> = {};
      for (const m of d.messages)
        messages[m.messageCustomId] = { status: 'sending', credits: m.credits, dest: m.dest };
      return {
        status: 'accepted',
        campaignId: d.campaignId,
        organizationId: d.organizationId,
        gatewayCampaignId: null,
        messages,
      };
    }
    case 'SmsCampaignSubmitted': {
      if (state.status === 'none') return state;
      const messages: Record<string, MessageState> = {};
      for (const [id, m] of Object.entries(state.messages))
        messages[id] = m.status === 'sending' ? { ...m, status: 'waiting' } : m;
      return { ...state, status: 'submitted', gatewayCampaignId: event.data.gatewayCampaignId, messages };
    }
    case 'SmsCampaignSendFailed': {
      if (state.status === 'none') return state;
      const messages: Record<string, MessageState> = {};
      for (const [id, m] of Object.entries(state.messages)) messages[id] = { ...m, status: 'sendError' };
      return { ...state, status: 'failed', messages };
    }
    case 'SmsMessagesReported': {
      if (state.status === 'none') return state;
      const messages = { ...state.messages };
      for (const r of event.data.reports) {
        const m = messages[r.messageCustomId];
        if (m) messages[r.messageCustomId] = { ...m, status: r.status };
      }
      return { ...state, messages };
    }
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const smsCampaignDecider = {
  decide: decideSmsCampaign,
  evolve: evolveSmsCampaign,
  initialState: initialSmsCampaignState,
} satisfies Decider<SmsCampaignCommand, SmsCampaignEvent, SmsCampaignState>;

export const smsCampaignStream = (campaignId: string) => `sms_campaign-${campaignId}`;

/** Every message of the campaign has reached a final state (nothing left to poll for). */
export function smsCampaignSettled(state: SmsCampaignState): boolean {
  if (state.status === 'none') return false;
  if (state.status === 'failed') return true;
  return Object.values(state.messages).every((m) => isFinalSmsStatus(m.status));
}

/**
 * SendSms: the campaign and the credit reservation are decided together and appended atomically (the
 * server's executeMany with both expected versions). The organisation's credits must cover every message;
 * the same content to the same number is refused a second time on the same day (api.md 9.2).
 */
export function planSmsSend(
  command: Extract<SmsCampaignCommand, { type: 'AcceptSmsCampaign' }> & { purchased: number },
  states: { credits: SmsCreditState; campaign: SmsCampaignState },
): { campaignEvents: SmsCampaignEvent[]; creditEvents: SmsCreditEvent[] } {
  const { purchased, ...accept } = command;
  const campaignEvents = decideSmsCampaign(accept, states.campaign);
  const accepted = campaignEvents[0];
  if (accepted?.type !== 'SmsCampaignAccepted') return { campaignEvents, creditEvents: [] };
  const creditEvents = decideSmsCredits(
    {
      type: 'ReserveSmsCredits',
      organizationId: command.organizationId,
      campaignId: command.campaignId,
      purchased,
      messages: accepted.data.messages,
      now: command.now,
    },
    states.credits,
  );
  return { campaignEvents, creditEvents };
}

/**
 * What the gateway said about a campaign (its acceptance, a final failure, or delivery reports), with the
 * credits of messages that never went out given back on the ledger in the same write.
 */
export function planSmsOutcome(
  command: Exclude<SmsCampaignCommand, { type: 'AcceptSmsCampaign' }>,
  states: { credits: SmsCreditState; campaign: SmsCampaignState },
): { campaignEvents: SmsCampaignEvent[]; creditEvents: SmsCreditEvent[] } {
  const campaignEvents = decideSmsCampaign(command, states.campaign);
  const s = states.campaign;
  if (s.status === 'none' || campaignEvents.length === 0) return { campaignEvents, creditEvents: [] };
  let credits = 0;
  let ids: string[] = [];
  let reason = '';
  for (const e of campaignEvents) {
    if (e.type === 'SmsCampaignSendFailed') {
      credits += e.data.creditsReturned;
      ids = Object.keys(s.messages);
      reason = e.data.reason;
    } else if (e.type === 'SmsMessagesReported') {
      const back = e.data.reports.filter((r) => r.creditsReturned > 0);
      credits += back.reduce((n, r) => n + r.creditsReturned, 0);
      ids = back.map((r) => r.messageCustomId);
      reason = [...new Set(back.map((r) => r.status))].join(',');
    }
  }
  const creditEvents = decideSmsCredits(
    {
      type: 'ReturnSmsCredits',
      organizationId: s.organizationId,
      campaignId: s.campaignId,
      credits,
      messageCustomIds: ids,
      reason,
      now: command.now,
    },
    states.credits,
  );
  return { campaignEvents, creditEvents };
}
