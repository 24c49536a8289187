import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { ORG, STUDENT } from '../students/fixtures';
import {
  confirmSmsConsentSchema,
  smsConsentCodeDecider,
  type SmsConsentCodeCommand,
  type SmsConsentCodeEvent,
} from './consent-code';

const NOW = '2026-11-23T09:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const PHONE = '5331110001';

const issue = (now = NOW): SmsConsentCodeCommand => ({
  type: 'IssueSmsConsentCode',
  organizationId: ORG,
  phone: PHONE,
  codeHash: 'h1',
  campaignId: 'c1',
  now,
});
const issued = (now = NOW): SmsConsentCodeEvent => ({
  type: 'SmsConsentCodeIssued',
  data: {
    organizationId: ORG,
    phone: PHONE,
    codeHash: 'h1',
    campaignId: 'c1',
    expiresAt: new Date(Date.parse(now) + 10 * 60_000).toISOString(),
    issuedAt: now,
  },
});
const students = [{ studentId: STUDENT, phoneKind: 'parent1Phone' as const }];
const confirm = (codeHash: string, now = at(2)): SmsConsentCodeCommand => ({
  type: 'ConfirmSmsConsent',
  organizationId: ORG,
  phone: PHONE,
  codeHash,
  status: 'RET',
  students,
  now,
});
const rejected: SmsConsentCodeEvent = {
  type: 'SmsConsentCodeRejected',
  data: { organizationId: ORG, phone: PHONE, rejectedAt: at(2) },
};

describe('QR consent codes (product.md 5)', () => {
  it('issues a code valid for ten minutes, at most one a minute and five a day', () => {
    given(smsConsentCodeDecider, []).when(issue()).then([issued()]);
    given(smsConsentCodeDecider, [issued()])
      .when(issue(at(0.5)))
      .thenThrows('sms.consentCodeTooSoon', 'Yeni kod istemek için bir dakika bekleyin.');
    const five = [0, 2, 4, 6, 8].map((m) => issued(at(m)));
    given(smsConsentCodeDecider, five)
      .when(issue(at(10)))
      .thenThrows('sms.consentCodeTooMany');
    // The next Istanbul day starts a new count (21:00 UTC is midnight in Istanbul).
    given(smsConsentCodeDecider, five)
      .when(issue('2026-11-23T21:00:00.000Z'))
      .then([issued('2026-11-23T21:00:00.000Z')]);
  });

  it('records the consent for every student holding the phone with the right code, once', () => {
    const confirmed: SmsConsentCodeEvent = {
      type: 'SmsConsentConfirmed',
      data: { organizationId: ORG, phone: PHONE, status: 'RET', source: 'qr', students, confirmedAt: at(2) },
    };
    given(smsConsentCodeDecider, [issued()]).when(confirm('h1')).then([confirmed]);
    given(smsConsentCodeDecider, [issued(), confirmed])
      .when(confirm('h1', at(3)))
      .thenThrows('sms.consentCodeExpired');
  });

  it('counts a wrong code, and refuses an expired code or one tried five times', () => {
    given(smsConsentCodeDecider, [issued()]).when(confirm('nope')).then([rejected]);
    given(smsConsentCodeDecider, [issued(), rejected, rejected, rejected, rejected, rejected])
      .when(confirm('h1'))
      .thenThrows('sms.consentCodeExpired');
    given(smsConsentCodeDecider, [issued()])
      .when(confirm('h1', at(10)))
      .thenThrows('sms.consentCodeExpired');
    given(smsConsentCodeDecider, []).when(confirm('h1')).thenThrows('sms.consentCodeExpired');
  });

  it('takes the phone as a person types it, and a six-digit code', () => {
    const ok = confirmSmsConsentSchema.safeParse({
      organizationId: ORG,
      phone: '0 (533) 111 00 01',
      code: '012345',
      status: 'ONAY',
    });
    expect(ok.data?.phone).toBe(PHONE);
    const bad = confirmSmsConsentSchema.safeParse({
      organizationId: ORG,
      phone: '212 111 00 01',
      code: '012345',
      status: 'ONAY',
    });
    expect(bad.error?.issues[0].message).toBe('Geçerli bir cep telefonu numarası girin.');
  });
});
