import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { payWithMock, signUpOwner, startTestServer } from '../../test/support/test-server';
import type { BenchContext } from '../support/context';
import { round } from '../support/stats';

const STUDENTS = Number(process.env.BENCH_SMS_STUDENTS ?? 1000);
const KINDS = ['532', '533', '534'] as const;

/**
 * One bulk SMS to 3,000 phones (1,000 students, the student's and both parents' phones, all ONAY) on the local
 * gateway with real Redis/BullMQ: from the sendSms command to every message reported delivered.
 */
export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'okul-bench-sms-'));
  const t = await startTestServer({
    DATA_DIR: dataDir,
    SMS_LOCAL_DELIVERY_MS: '0',
    SMS_POLL_INTERVAL_MS: '50',
  });
  try {
    const owner = await signUpOwner(t.http);
    const api = orgApi(t, owner);
    for (let i = 0; i < Math.ceil((STUDENTS * KINDS.length) / 1000); i++)
      await payWithMock(t.http, owner, 'sms-credits-1000');
    ctx.log(`sms: registering ${STUDENTS} students`);
    const tckn = tcknSource(7);
    const ids: string[] = [];
    for (let i = 0; i < STUDENTS; i++) {
      const r = await api.post(
        'registerStudent',
        studentBody(tckn(), {
          phone: `532${String(i).padStart(7, '0')}`,
          studentPhoneOptInStatus: 'ONAY',
          parent1Phone: `533${String(i).padStart(7, '0')}`,
          parent1PhoneOptInStatus: 'ONAY',
          parent2Name: 'Ahmet Yılmaz',
          parent2Phone: `534${String(i).padStart(7, '0')}`,
          parent2PhoneOptInStatus: 'ONAY',
          // At most 999 student numbers a registration year (product.md 3).
          regY: 2020 + Math.floor(i / 900),
        }),
      );
      if (r.status !== 200) throw new Error(`registerStudent ${r.status} ${JSON.stringify(r.body)}`);
      ids.push(r.body.id);
    }
    const messages = ids.flatMap((id, i) =>
      KINDS.map((k) => ({
        DBID: id,
        destination: `${k}${String(i).padStart(7, '0')}`,
        message: 'Yarın kurs tatil.',
      })),
    );
    ctx.log(`sms: sending ${messages.length} messages`);
    const t0 = performance.now();
    const sent = await api.post('sendSms', { messages });
    if (sent.status !== 200) throw new Error(`sendSms ${sent.status} ${JSON.stringify(sent.body)}`);
    const accepted = performance.now() - t0;
    for (;;) {
      const r = await api.get('getSmsOutbox', { status: 'delivered', limit: 5000 });
      if ((r.body as unknown[]).length >= messages.length) break;
      if (performance.now() - t0 > 300_000) throw new Error('not all delivered within 5 minutes');
      await new Promise((res) => setTimeout(res, 100));
    }
    const delivered = performance.now() - t0;
    return {
      messages: messages.length,
      acceptedMs: round(accepted),
      allDeliveredMs: round(delivered),
      messagesPerSecond: round((messages.length * 1000) / delivered),
    };
  } finally {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
