import type { SmsReport, SmsStatus } from '@okul/domain';
import { SmsGatewayRejected, type GatewayCampaign, type InboundSms, type SmsGateway } from './sms-gateway';

export interface VerimorCredentials {
  baseUrl: string;
  username: string;
  password: string;
}

/** Verimor's API statuses (its user guide, "Mesaj Durumu") -> the 15 states of api.md 9.2. */
export const VERIMOR_STATUSES: Record<string, SmsStatus> = {
  SENDING: 'sending',
  WAITING: 'waiting',
  DELIVERED: 'delivered',
  SENT: 'sent',
  NOT_DELIVERED: 'notDelivered',
  EXPIRED: 'expired',
  INVALID_DESTINATION_ADDRESS: 'invalidNumber',
  REJECTED: 'rejected',
  DOUBLE_SEND_ERROR: 'doubleSend',
  BLACKLISTED_DESTINATION_ADDRESS: 'blacklisted',
  IYS_CONSENT_REJECTED: 'noConsent',
  IYS_NO_CONSENT: 'noConsent',
  MISSING_TARIFF: 'missingTariff',
  ROUTE_NOT_AVAILABLE: 'invalidNetwork',
  NETWORK_NOTCOVERED: 'invalidNetwork',
  SEND_ERROR: 'sendError',
  INTERNATIONAL_DENIED: 'internationalDenied',
};

/** Verimor writes times as "2015-02-20 16:06:00" in Turkey's time (UTC+3, no daylight saving since 2016). */
export function verimorTime(v: unknown): string | null {
  if (typeof v !== 'string' || v.trim() === '') return null;
  const t = v.trim();
  const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(t) ? t : `${t.replace(' ', 'T')}+03:00`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

interface VerimorReport {
  campaign_id: number | string;
  message_id: number | string;
  message_custom_id?: string | null;
  status: string;
  gsm_error?: string | null;
  sent_at?: string | null;
  done_at?: string | null;
  credits?: number | null;
  international_multiplier?: number | null;
}

/** A page of the status call holds at most 100 messages (greater_than pages on). */
const PAGE = 100;

/**
 * Verimor SMS API v2 (SMS_PROVIDER=verimor): POST /v2/send.json with source_addr, datacoding, custom_id and
 * the messages (one entry per distinct text with its numbers and message custom ids, comma separated),
 * GET /v2/status by custom_id (paged with greater_than) for delivery reports, GET /v2/inbound_messages for
 * replies. A 4xx answer to a send is a refusal with its reason; 429, 5xx and network errors are retried.
 */
export class VerimorSmsGateway implements SmsGateway {
  readonly kind = 'verimor' as const;
  constructor(
    private readonly creds: VerimorCredentials,
    private readonly timeoutMs = 15_000,
  ) {}

  private url(path: string, query: Record<string, string> = {}) {
    const u = new URL(path, this.creds.baseUrl);
    for (const [k, v] of Object.entries({
      ...query,
      username: this.creds.username,
      password: this.creds.password,
    }))
      u.searchParams.set(k, v);
    return u;
  }

  private async call(url: URL, init: RequestInit = {}): Promise<{ status: number; text: string }> {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    return { status: res.status, text: (await res.text()).trim() };
  }

  async send(c: GatewayCampaign): Promise<string> {
    const byText = new Map<string, { dest: string[]; id: string[] }>();
    for (const m of c.messages) {
      const g = byText.get(m.msg) ?? { dest: [], id: [] };
      g.dest.push(m.dest);
      g.id.push(m.customId);
      byText.set(m.msg, g);
    }
    const body = {
      username: this.creds.username,
      password: this.creds.password,
      source_addr: c.sourceAddr,
      custom_id: c.customId,
      datacoding: String(c.dataCoding),
      ...(c.sendAt ? { send_at: c.sendAt } : {}),
      messages: [...byText].map(([msg, g]) => ({ msg, dest: g.dest.join(','), id: g.id.join(',') })),
    };
    const r = await this.call(new URL('/v2/send.json', this.creds.baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: '*/*' },
      body: JSON.stringify(body),
    });
    if (r.status === 200 && /^\d+$/.test(r.text)) return r.text;
    if (r.status >= 400 && r.status < 500 && r.status !== 429 && r.status !== 408)
      throw new SmsGatewayRejected(r.text || `HTTP ${r.status}`);
    throw new Error(`Verimor send answered ${r.status}: ${r.text.slice(0, 200)}`);
  }

  private async statusPage(customId: string, greaterThan: string | null) {
    const q: Record<string, string> = { custom_id: customId };
    if (greaterThan) q.greater_than = greaterThan;
    const r = await this.call(this.url('/v2/status', q));
    if (r.status === 404) return null;
    if (r.status !== 200) throw new Error(`Verimor status answered ${r.status}: ${r.text.slice(0, 200)}`);
    return JSON.parse(r.text) as VerimorReport[];
  }

  async find(customId: string): Promise<string | null> {
    const page = await this.statusPage(customId, null);
    return page && page.length > 0 ? String(page[0].campaign_id) : null;
  }

  async reports(customId: string): Promise<SmsReport[]> {
    const out: SmsReport[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await this.statusPage(customId, after);
      if (!page) return out;
      for (const r of page) {
        if (!r.message_custom_id) continue;
        out.push({
          messageCustomId: String(r.message_custom_id),
          messageId: String(r.message_id),
          status: VERIMOR_STATUSES[r.status] ?? 'waiting',
          gsmError: r.gsm_error && r.gsm_error !== '0' ? String(r.gsm_error) : null,
          sentAt: verimorTime(r.sent_at),
          doneAt: verimorTime(r.done_at),
          credits: r.credits ?? null,
          internationalMultiplier: r.international_multiplier ?? null,
        });
      }
      if (page.length < PAGE) return out;
      after = String(page[page.length - 1].message_id);
    }
  }

  async inbound(after: string | null): Promise<InboundSms[]> {
    const r = await this.call(this.url('/v2/inbound_messages', { greater_than: after ?? '0' }));
    if (r.status !== 200) throw new Error(`Verimor inbound answered ${r.status}: ${r.text.slice(0, 200)}`);
    const rows = JSON.parse(r.text) as Array<{
      message_id: number;
      source_addr: string;
      content: string;
      received_at: string;
    }>;
    return rows.map((m) => ({
      id: String(m.message_id),
      from: m.source_addr,
      content: m.content,
      receivedAt: verimorTime(m.received_at) ?? new Date().toISOString(),
    }));
  }
}
