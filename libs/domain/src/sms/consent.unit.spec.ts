import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { ORG, STUDENT } from '../students/fixtures';
import { consentReply, smsConsentDecider, type SmsConsentCommand, type SmsConsentEvent } from './consent';

const reply = (content: string): SmsConsentCommand => ({
  type: 'RecordConsentReply',
  inboundId: '7',
  organizationId: ORG,
  phone: '5331110001',
  content,
  students: [{ studentId: STUDENT, phoneKind: 'parent1Phone' }],
  receivedAt: '2026-11-23T06:00:00.000Z',
});

describe('consent replies (product.md 5)', () => {
  it('reads ONAY or RET as the first word, in any case', () => {
    expect(consentReply('onay')).toBe('ONAY');
    expect(consentReply('  Ret lütfen')).toBe('RET');
    expect(consentReply('ret')).toBe('RET');
    expect(consentReply('Merhaba, onay')).toBeNull();
  });

  it('records a reply once, and nothing for other texts or unknown phones', () => {
    const { type: _t, ...data } = reply('RET');
    const recorded: SmsConsentEvent = { type: 'SmsConsentReplied', data: { ...data, status: 'RET' } };
    given(smsConsentDecider, []).when(reply('RET')).then([recorded]);
    given(smsConsentDecider, [recorded]).when(reply('RET')).then([]);
    given(smsConsentDecider, []).when(reply('teşekkürler')).then([]);
    given(smsConsentDecider, [])
      .when({ ...reply('ONAY'), students: [] })
      .then([]);
  });
});
