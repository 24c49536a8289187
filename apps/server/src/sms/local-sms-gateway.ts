import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SmsReport, SmsStatus } from '@okul/domain';
import type { GatewayCampaign, InboundSms, SmsGateway } from './sms-gateway';

interface StoredCampaign extends GatewayCampaign {
  gatewayCampaignId: string;
  acceptedAt: string;
}

/** What the local gateway does with a number (tests and demos): the default is delivered. */
export type LocalOutcome = Extract<
  SmsStatus,
  'delivered' | 'notDelivered' | 'expired' | 'invalidNumber' | 'rejected'
>;

/**
 * The embedded default (SMS_PROVIDER unset): each campaign is written to DATA_DIR/sms/<customId>.json (a
 * temporary name, then renamed) and every message is reported delivered `deliveryMs` after it was accepted.
 * `setOutcome` makes a number fail, expire or be invalid; `reply` plays a parent answering ONAY or RET.
 * A second send with the same custom id answers the first one's campaign id, as a gateway that knows its
 * custom ids would.
 */
export class LocalSmsGateway implements SmsGateway {
  readonly kind = 'local' as const;
  private readonly outcomes = new Map<string, LocalOutcome>();
  private readonly replies: InboundSms[] = [];
  private counter = 0;
  /** How many times each custom id was handed over (a test proves none is sent twice). */
  readonly sendCount = new Map<string, number>();

  constructor(
    readonly dir: string,
    private readonly deliveryMs = 1000,
  ) {}

  setOutcome(dest: string, outcome: LocalOutcome): void {
    this.outcomes.set(dest, outcome);
  }

  reply(from: string, content: string, receivedAt = new Date().toISOString()): void {
    this.replies.push({ id: String(this.replies.length + 1), from, content, receivedAt });
  }

  private file(customId: string) {
    return join(this.dir, `${customId.replace(/[^a-zA-Z0-9-]/g, '_')}.json`);
  }

  private async read(customId: string): Promise<StoredCampaign | null> {
    try {
      return JSON.parse(await readFile(this.file(customId), 'utf8')) as StoredCampaign;
    } catch {
      return null;
    }
  }

  async send(campaign: GatewayCampaign): Promise<string> {
    const before = await this.read(campaign.customId);
    if (before) return before.gatewayCampaignId;
    this.sendCount.set(campaign.customId, (this.sendCount.get(campaign.customId) ?? 0) + 1);
    await mkdir(this.dir, { recursive: true });
    const stored: StoredCampaign = {
      ...campaign,
      gatewayCampaignId: `L${Date.now().toString(36)}${(this.counter++).toString(36)}`,
      acceptedAt: new Date().toISOString(),
    };
    const tmp = `${this.file(campaign.customId)}.tmp`;
    await writeFile(tmp, JSON.stringify(stored, null, 2), 'utf8');
    await rename(tmp, this.file(campaign.customId));
    return stored.gatewayCampaignId;
  }

  async find(customId: string): Promise<string | null> {
    return (await this.read(customId))?.gatewayCampaignId ?? null;
  }

  async reports(customId: string): Promise<SmsReport[]> {
    const c = await this.read(customId);
    if (!c) return [];
    const start = Math.max(Date.parse(c.acceptedAt), c.sendAt ? Date.parse(c.sendAt) : 0);
    const done = Date.now() >= start + this.deliveryMs;
    const doneAt = new Date(start + this.deliveryMs).toISOString();
    return c.messages.map((m, i) => {
      const status: SmsStatus = done ? (this.outcomes.get(m.dest) ?? 'delivered') : 'waiting';
      const delivered = status === 'delivered';
      return {
        messageCustomId: m.customId,
        messageId: `${c.gatewayCampaignId}-${i + 1}`,
        status,
        gsmError: done && !delivered ? (status === 'expired' ? '2048' : '1') : null,
        sentAt: done && delivered ? doneAt : null,
        doneAt: done ? doneAt : null,
        internationalMultiplier: 1,
      };
    });
  }

  async inbound(after: string | null): Promise<InboundSms[]> {
    const n = after === null ? 0 : Number(after);
    return this.replies.slice(n);
  }
}
