import type { SmsOutboxRecord, SmsStatus, SmsStudentPhones } from '@okul/domain';
import type { Sql } from '../runtime/sql';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

interface OutboxRow {
  campaign_custom_id: string;
  message_custom_id: string;
  organization_id: string;
  student_id: string;
  phone_kind: string;
  dest: string;
  user_id: string | null;
  size: number;
  credits: number;
  status: SmsStatus;
  sent_at: Date | null;
  done_at: Date | null;
  campaign_id: string | null;
  message_id: string | null;
  international_multiplier: number;
  gsm_error: string | null;
  task_status: string;
  reason: string | null;
  msg: string;
  source_addr: string;
  sms_type: SmsOutboxRecord['type'];
  cause: string | null;
  created_at: Date;
}

/** getSmsOutbox: the organisation's messages, newest send first, optionally of one status. */
export async function readSmsOutbox(
  sql: Sql,
  organizationId: string,
  q: { status?: SmsStatus; limit: number },
): Promise<Array<SmsOutboxRecord & { reason: string | null }>> {
  const r = await sql.query<OutboxRow>(
    `SELECT * FROM sms_messages WHERE organization_id = $1 AND ($2::text IS NULL OR status = $2)
      ORDER BY created_at DESC, campaign_custom_id, ordinal LIMIT $3`,
    [organizationId, q.status ?? null, q.limit],
  );
  return r.rows.map((m) => ({
    id: `${m.campaign_custom_id}:${m.message_custom_id}`,
    studentId: m.student_id,
    dest: m.dest,
    userId: m.user_id,
    size: m.size,
    credits: m.credits,
    status: m.status,
    sentAt: iso(m.sent_at),
    doneAt: iso(m.done_at),
    organizationId: m.organization_id,
    campaignCustomId: m.campaign_custom_id,
    messageCustomId: m.message_custom_id,
    campaignId: m.campaign_id,
    messageId: m.message_id,
    internationalMultiplier: m.international_multiplier,
    gsmError: m.gsm_error,
    taskStatus: m.task_status,
    msg: m.msg,
    sourceAddr: m.source_addr,
    type: m.sms_type,
    phoneKind: m.phone_kind,
    cause: m.cause,
    reason: m.reason,
    createdAt: iso(m.created_at)!,
  }));
}

/** Counts of the organisation's messages by status (the outbox's filter chips). */
export async function readSmsStatusCounts(sql: Sql, organizationId: string): Promise<Record<string, number>> {
  const r = await sql.query<{ status: string; n: string }>(
    `SELECT status, count(*) AS n FROM sms_messages WHERE organization_id = $1 GROUP BY status`,
    [organizationId],
  );
  return Object.fromEntries(r.rows.map((x) => [x.status, Number(x.n)]));
}

/**
 * The organisation's (not deleted) students with their three phones and consents (product.md 3), for the
 * send checks and the bulk list; `ids` narrows it to those students.
 */
export async function readSmsRecipients(
  sql: Sql,
  organizationId: string,
  ids?: readonly string[],
): Promise<SmsStudentPhones[]> {
  const r = await sql.query<{ data: string }>(
    `SELECT data FROM students WHERE organization_id = $1 AND deleted_at IS NULL
        AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
      ORDER BY student_number`,
    [organizationId, ids ? [...ids] : null],
  );
  return r.rows.map(({ data }) => {
    const s = JSON.parse(data) as Record<string, unknown>;
    const str = (k: string) => (typeof s[k] === 'string' && s[k] !== '' ? (s[k] as string) : null);
    const consent = (k: string) => (s[k] === 'ONAY' || s[k] === 'RET' ? (s[k] as 'ONAY' | 'RET') : null);
    return {
      id: s.id as string,
      studentNumber: s.studentNumber as number,
      name: (s.name as string) ?? '',
      surname: (s.surname as string) ?? '',
      phone: str('phone'),
      parent1Name: str('parent1Name'),
      parent1Phone: str('parent1Phone'),
      parent2Name: str('parent2Name'),
      parent2Phone: str('parent2Phone'),
      studentPhoneOptInStatus: consent('studentPhoneOptInStatus'),
      parent1PhoneOptInStatus: consent('parent1PhoneOptInStatus'),
      parent2PhoneOptInStatus: consent('parent2PhoneOptInStatus'),
    };
  });
}

/** The organisation's credit balance (Organisation smsCredits). */
export async function readSmsCredits(sql: Sql, organizationId: string): Promise<number> {
  const r = await sql.query<{ sms_credits: number }>(`SELECT sms_credits FROM organizations WHERE id = $1`, [
    organizationId,
  ]);
  return r.rows[0]?.sms_credits ?? 0;
}

/** A message by its gateway custom ids, for matching pushed reports to their organisation. */
export async function readSmsCampaignOrganization(
  sql: Sql,
  campaignCustomId: string,
): Promise<string | null> {
  const r = await sql.query<{ organization_id: string }>(
    `SELECT organization_id FROM sms_messages WHERE campaign_custom_id = $1 LIMIT 1`,
    [campaignCustomId],
  );
  return r.rows[0]?.organization_id ?? null;
}

/** Students of any organisation with this phone (10 digits), for matching an inbound ONAY/RET reply. */
export async function readStudentsByPhone(
  sql: Sql,
  phone10: string,
): Promise<Array<{ id: string; organizationId: string; kinds: string[] }>> {
  const r = await sql.query<{
    id: string;
    organization_id: string;
    p: string | null;
    p1: string | null;
    p2: string | null;
  }>(
    `SELECT id, organization_id, phone AS p, parent1_phone AS p1, parent2_phone AS p2 FROM students
      WHERE deleted_at IS NULL AND (phone = $1 OR parent1_phone = $1 OR parent2_phone = $1)`,
    [phone10],
  );
  return r.rows.map((x) => ({
    id: x.id,
    organizationId: x.organization_id,
    kinds: [
      ...(x.p === phone10 ? ['studentPhone'] : []),
      ...(x.p1 === phone10 ? ['parent1Phone'] : []),
      ...(x.p2 === phone10 ? ['parent2Phone'] : []),
    ],
  }));
}

/** Campaigns the outbox still owes work: accepted but never handed over, or handed over and not final. */
export async function readSmsPendingCampaigns(
  sql: Sql,
): Promise<Array<{ campaignId: string; stage: 'queued' | 'submitted' }>> {
  const r = await sql.query<{ campaign_custom_id: string; task_status: 'queued' | 'submitted' }>(
    `SELECT DISTINCT campaign_custom_id, task_status FROM sms_messages
      WHERE task_status = 'queued' OR (task_status = 'submitted' AND status IN ('sending', 'waiting'))`,
  );
  return r.rows.map((x) => ({ campaignId: x.campaign_custom_id, stage: x.task_status }));
}

/** An open organisation's public name, for the QR consent page (null when unknown or closed). */
export async function readSmsConsentOrganization(
  sql: Sql,
  organizationId: string,
): Promise<{ id: string; name: string } | null> {
  const r = await sql.query<{ id: string; name: string }>(
    `SELECT id, name FROM organizations WHERE id = $1 AND NOT deactivated`,
    [organizationId],
  );
  return r.rows[0] ?? null;
}
