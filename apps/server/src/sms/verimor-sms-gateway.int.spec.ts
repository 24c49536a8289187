import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsGatewayRejected } from './sms-gateway';
import { VerimorSmsGateway, verimorTime } from './verimor-sms-gateway';

/**
 * A stand-in for Verimor's SMS API v2 (an external party), answering as its user guide documents: the
 * campaign id as plain text, errors as a status with a plain-text reason, reports 100 a page.
 */
class FakeVerimor {
  server!: Server;
  sends: any[] = [];
  answer: { status: number; text: string } | null = null;
  campaigns = new Map<string, { id: number; messages: Array<{ dest: string; id: string }> }>();
  base = '';

  async start() {
    this.server = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = await read(req);
      const reply = (status: number, text: string) =>
        res.writeHead(status, { 'Content-Type': 'text/plain' }).end(text);
      if (req.method === 'POST' && url.pathname === '/v2/send.json') {
        const j = JSON.parse(body);
        if (j.username !== '908501234567' || j.password !== 'gizli')
          return reply(401, 'Geçersiz kullanıcı adı/şifre');
        if (this.answer) return reply(this.answer.status, this.answer.text);
        this.sends.push(j);
        const id = 20000 + this.sends.length;
        const messages = j.messages.flatMap((m: any) => {
          const dests = m.dest.split(',');
          const ids = m.id.split(',');
          return dests.map((dest: string, i: number) => ({ dest, id: ids[i] }));
        });
        this.campaigns.set(j.custom_id, { id, messages });
        return reply(200, String(id));
      }
      if (req.method === 'GET' && url.pathname === '/v2/status') {
        const c = this.campaigns.get(url.searchParams.get('custom_id') ?? '');
        if (!c) return reply(404, 'Bu idye sahip kampanya bulunamadı');
        const after = Number(url.searchParams.get('greater_than') ?? 0);
        const rows = c.messages
          .map((m, i) => ({
            campaign_id: c.id,
            campaign_custom_id: url.searchParams.get('custom_id'),
            message_id: 1000 + i,
            message_custom_id: m.id,
            dest: m.dest,
            size: 1,
            international_multiplier: 1,
            credits: 1,
            status: m.dest.endsWith('9') ? 'INVALID_DESTINATION_ADDRESS' : 'DELIVERED',
            gsm_error: m.dest.endsWith('9') ? '1' : '0',
            sent_at: '2026-11-23 16:06:00',
            done_at: '2026-11-23 16:06:05',
          }))
          .filter((r) => r.message_id > after)
          .slice(0, 100);
        return reply(200, JSON.stringify(rows));
      }
      if (req.method === 'GET' && url.pathname === '/v2/inbound_messages') {
        const rows = [
          {
            message_id: 7,
            received_at: '2026-11-23T09:00:00.000+03:00',
            source_addr: '905331110001',
            content: 'RET',
            network: 'TURKCELL',
          },
        ].filter((m) => m.message_id > Number(url.searchParams.get('greater_than') ?? 0));
        return reply(200, JSON.stringify(rows));
      }
      reply(404, 'not found');
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });

let fake: FakeVerimor;
let gw: VerimorSmsGateway;
beforeAll(async () => {
  fake = new FakeVerimor();
  await fake.start();
  gw = new VerimorSmsGateway({ baseUrl: fake.base, username: '908501234567', password: 'gizli' });
});
afterAll(() => new Promise<void>((r) => fake.server.close(() => r())));

const campaign = (customId: string, n: number) => ({
  customId,
  sourceAddr: 'KURSPANEL',
  dataCoding: 1 as const,
  sendAt: null,
  messages: Array.from({ length: n }, (_, i) => ({
    customId: String(i + 1),
    dest: `90532${String(i).padStart(7, '0')}`,
    msg: i % 2 ? 'Ödeme hatırlatma' : 'Yarın ders yok',
  })),
});

describe('Verimor HTTP API v2 adapter', () => {
  it('sends one entry per text with its numbers and custom ids, and finds the campaign by custom id', async () => {
    expect(await gw.find('c-1')).toBeNull();
    const id = await gw.send(campaign('c-1', 4));
    expect(id).toBe('20001');
    expect(fake.sends[0]).toMatchObject({
      source_addr: 'KURSPANEL',
      custom_id: 'c-1',
      datacoding: '1',
      messages: [
        { msg: 'Yarın ders yok', dest: '905320000000,905320000002', id: '1,3' },
        { msg: 'Ödeme hatırlatma', dest: '905320000001,905320000003', id: '2,4' },
      ],
    });
    expect(await gw.find('c-1')).toBe('20001');
  });

  it('reads every page of delivery reports and maps the states and Turkish times', async () => {
    await gw.send(campaign('c-big', 250));
    const reports = await gw.reports('c-big');
    expect(reports).toHaveLength(250);
    expect(new Set(reports.map((r) => r.messageCustomId)).size).toBe(250);
    expect(reports[0]).toMatchObject({
      status: 'delivered',
      gsmError: null,
      sentAt: '2026-11-23T13:06:00.000Z',
    });
    expect(reports.find((r) => r.messageCustomId === '10')).toMatchObject({
      status: 'invalidNumber',
      gsmError: '1',
    });
    expect(await gw.reports('unknown')).toEqual([]);
  });

  it('tells a refusal (4xx, with its reason) from a failure worth retrying (5xx, 429)', async () => {
    fake.answer = { status: 400, text: 'INVALID_SOURCE_ADDRESS' };
    await expect(gw.send(campaign('c-2', 1))).rejects.toThrowError(
      new SmsGatewayRejected('INVALID_SOURCE_ADDRESS'),
    );
    fake.answer = { status: 429, text: 'Too Many Requests' };
    const busy = await gw.send(campaign('c-2', 1)).catch((e) => e);
    expect(busy).not.toBeInstanceOf(SmsGatewayRejected);
    fake.answer = { status: 500, text: 'oops' };
    expect(await gw.send(campaign('c-2', 1)).catch((e) => e)).not.toBeInstanceOf(SmsGatewayRejected);
    fake.answer = null;
    const wrong = new VerimorSmsGateway({ baseUrl: fake.base, username: 'x', password: 'y' });
    await expect(wrong.send(campaign('c-3', 1))).rejects.toThrowError('Geçersiz kullanıcı adı/şifre');
  });

  it('reads replies after the last one seen', async () => {
    expect(await gw.inbound(null)).toEqual([
      { id: '7', from: '905331110001', content: 'RET', receivedAt: '2026-11-23T06:00:00.000Z' },
    ]);
    expect(await gw.inbound('7')).toEqual([]);
    expect(verimorTime('2026-01-01 00:30:00')).toBe('2025-12-31T21:30:00.000Z');
  });
});
