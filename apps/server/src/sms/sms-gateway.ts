import type { SmsDataCoding, SmsReport } from '@okul/domain';

export const SMS_GATEWAY = Symbol('SMS_GATEWAY');

/** A campaign as handed to the gateway: our campaign id is its custom id, each message has its own. */
export interface GatewayCampaign {
  customId: string;
  sourceAddr: string;
  dataCoding: SmsDataCoding;
  sendAt: string | null;
  messages: Array<{ customId: string; dest: string; msg: string }>;
}

export interface InboundSms {
  id: string;
  from: string;
  content: string;
  receivedAt: string;
}

/**
 * The gateway refused the campaign for good (a 4xx with its reason, e.g. INVALID_SOURCE_ADDRESS): sending it
 * again cannot help, so the campaign ends in "send error" with that reason. Any other failure is retried.
 */
export class SmsGatewayRejected extends Error {}

export interface SmsGateway {
  readonly kind: 'local' | 'verimor';
  /** Hands the campaign over; answers the gateway's campaign id. */
  send(campaign: GatewayCampaign): Promise<string>;
  /** The gateway's campaign id of an earlier send with this custom id, or null when it never arrived. */
  find(customId: string): Promise<string | null>;
  /** Delivery reports of every message of the campaign, by their custom ids. */
  reports(customId: string): Promise<SmsReport[]>;
  /** Replies received after `after` (the last id seen; null for all kept), oldest first. */
  inbound(after: string | null): Promise<InboundSms[]>;
}
