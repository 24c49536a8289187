import { ROLES } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import type { Membership, Organization } from '@okul/domain';
import { finalizeQuery, parseMock3dsSearch } from './mock3ds';
import { parsePaymentSearch, payableOrganization, paymentReturnNotice } from './payment-result';
import { isSafeFormAction, posnetHiddenForm } from './posnet-form';

const answer = {
  oosTDSServiceURL: 'https://setmpos.ykb.com/3DSWebService/YKBPaymentService',
  merchantID: '6706598320',
  posnetID: '27426',
  posnetData: 'AABBCC',
  posnetData2: 'DDEEFF',
  digest: 'c2lnbg==',
  merchantReturnURL: 'https://kurspanel.test/api/v1/payment/posnet/callback?paymentId=x',
  lang: 'tr',
  paymentId: 'x',
  amount: 400000,
};

describe('the POSNET 3-D form (api.md 7.4)', () => {
  it('posts mid = merchantID and the packets to oosTDSServiceURL, in Turkish', () => {
    expect(posnetHiddenForm(answer)).toEqual({
      action: answer.oosTDSServiceURL,
      fields: [
        ['mid', '6706598320'],
        ['posnetID', '27426'],
        ['posnetData', 'AABBCC'],
        ['posnetData2', 'DDEEFF'],
        ['digest', 'c2lnbg=='],
        ['merchantReturnURL', answer.merchantReturnURL],
        ['lang', 'tr'],
      ],
    });
  });

  it('leaves posnetData2 out when the server gives none', () => {
    const form = posnetHiddenForm({ ...answer, posnetData2: '' });
    expect(form?.fields.map(([k]) => k)).toEqual([
      'mid',
      'posnetID',
      'posnetData',
      'digest',
      'merchantReturnURL',
      'lang',
    ]);
  });

  it('refuses an answer missing a field or with a target that is not a web address', () => {
    expect(posnetHiddenForm({ ...answer, digest: undefined })).toBeNull();
    expect(posnetHiddenForm(null)).toBeNull();
    expect(posnetHiddenForm({ ...answer, oosTDSServiceURL: 'javascript:alert(1)' })).toBeNull();
    expect(isSafeFormAction('/mock3ds')).toBe(true);
    expect(isSafeFormAction('//evil.example/x')).toBe(false);
  });
});

describe('/mock3ds (product.md 2)', () => {
  it('keeps the seven returned fields as text and nothing else', () => {
    expect(
      parseMock3dsSearch({
        mid: 'MOCK',
        posnetID: 'P',
        posnetData: 'id',
        lang: 'tr',
        posnetData2: 123,
        x: 'y',
      }),
    ).toEqual({ mid: 'MOCK', posnetID: 'P', posnetData: 'id', posnetData2: '123', lang: 'tr' });
  });

  it('sends the same query back to finalize, or nothing without a payment', () => {
    const q = finalizeQuery({ mid: 'M', posnetData: 'p-1', digest: 'a+b/c=', lang: 'tr' });
    expect(Object.fromEntries(new URLSearchParams(q))).toEqual({
      mid: 'M',
      posnetData: 'p-1',
      digest: 'a+b/c=',
      lang: 'tr',
    });
    expect(finalizeQuery({ mid: 'M' })).toBe('');
  });
});

describe('bank return on /odeme (docs/DECISIONS.md)', () => {
  const id = '0b5e7c8a-1d2f-4a3b-9c4d-5e6f7a8b9c0d';

  it('reads odeme and a payment id, ignoring anything else', () => {
    expect(parsePaymentSearch({ odeme: 'basarisiz', paymentId: id })).toEqual({
      odeme: 'basarisiz',
      paymentId: id,
    });
    expect(parsePaymentSearch({ odeme: 'tamam', paymentId: 'nope' })).toEqual({});
  });

  it('says declined, pending or unknown, and lets the recorded status win', () => {
    expect(paymentReturnNotice({})).toBeNull();
    expect(paymentReturnNotice({ odeme: 'basarisiz' })?.severity).toBe('error');
    expect(paymentReturnNotice({ odeme: 'beklemede' })?.severity).toBe('warning');
    expect(paymentReturnNotice({ odeme: 'hata' })?.title).toBe('Ödeme kaydı bulunamadı');
    expect(paymentReturnNotice({ odeme: 'beklemede' }, { status: 'succeeded' })?.severity).toBe('success');
    const failed = paymentReturnNotice(
      { odeme: 'beklemede' },
      { status: 'failed', failureReason: 'Yetersiz bakiye' },
    );
    expect(failed?.severity).toBe('error');
    expect(failed?.text).toContain('Yetersiz bakiye');
  });
});

describe('the organisation paid for', () => {
  const org = (id: string): Organization => ({
    id,
    organizationId: id,
    name: id,
    isMembershipActive: false,
    paidUntil: null,
  });
  const link = (id: string, orgRoleId: number | null, isActive = true): Membership => ({
    organization: org(id),
    organizationUser: { id: `${id}:u`, userId: 'u', orgRoleId, isActive },
  });

  it('is the selected one when the user may pay for it, else the owned one', () => {
    const ms = [
      link('staff', ROLES.schoolStaff),
      link('admin', ROLES.schoolAdmin),
      link('own', ROLES.schoolOwner),
    ];
    expect(payableOrganization(ms, org('admin'))?.id).toBe('admin');
    expect(payableOrganization(ms, org('staff'))?.id).toBe('own');
    expect(payableOrganization(ms, null)?.id).toBe('own');
  });

  it('is none for a user who administers nothing', () => {
    expect(
      payableOrganization([link('staff', ROLES.schoolStaff), link('gone', ROLES.schoolOwner, false)], null),
    ).toBeNull();
  });
});
