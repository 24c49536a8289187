import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  agreementXml,
  firstHash,
  oosRequestDataXml,
  oosResolveMerchantDataXml,
  requestMac,
  resolveAnswerMac,
  xmlValue,
} from './posnet-protocol';

const c = {
  merchantId: '6706598320',
  terminalId: '67005551',
  posnetId: '27426',
  encKey: '10,10,10,10,10,10,10,10',
};
const sha = (s: string) => createHash('sha256').update(s).digest('base64');

describe('POSNET MAC', () => {
  it('hashes encKey;terminalId first, then xid;amount;currency;merchantId;firstHash', () => {
    const first = sha('10,10,10,10,10,10,10,10;67005551');
    expect(firstHash(c)).toBe(first);
    expect(requestMac(c, 'ABCDEF0123456789ABCD', '40000')).toBe(
      sha(`ABCDEF0123456789ABCD;40000;TL;6706598320;${first}`),
    );
    expect(resolveAnswerMac(c, '1', 'ABCDEF0123456789ABCD', '40000', 'TL')).toBe(
      sha(`1;ABCDEF0123456789ABCD;40000;TL;6706598320;${first}`),
    );
  });
  it('changes with every input', () => {
    const base = requestMac(c, 'X'.repeat(20), '40000');
    expect(requestMac(c, 'Y'.repeat(20), '40000')).not.toBe(base);
    expect(requestMac(c, 'X'.repeat(20), '40001')).not.toBe(base);
    expect(requestMac({ ...c, encKey: 'other' }, 'X'.repeat(20), '40000')).not.toBe(base);
  });
});

describe('POSNET XML', () => {
  it('builds the order registration with the merchant, terminal and order', () => {
    const xml = oosRequestDataXml(c, 'ABCDEF0123456789ABCD', '110000');
    for (const [tag, value] of [
      ['mid', '6706598320'],
      ['tid', '67005551'],
      ['posnetid', '27426'],
      ['XID', 'ABCDEF0123456789ABCD'],
      ['amount', '110000'],
      ['currencyCode', 'TL'],
      ['installment', '00'],
      ['tranType', 'Sale'],
    ]) {
      expect(xmlValue(xml, tag)).toBe(value);
    }
  });
  it('escapes packet text and reads it back', () => {
    const xml = oosResolveMerchantDataXml(c, 'A'.repeat(20), '1', {
      bankPacket: 'a<b&c',
      merchantPacket: 'm"',
      sign: "s'",
    });
    expect(xml).not.toContain('a<b&c');
    expect(xmlValue(xml, 'bankData')).toBe('a<b&c');
    expect(xmlValue(xml, 'merchantData')).toBe('m"');
    expect(xmlValue(xml, 'mac')).toBe(requestMac(c, 'A'.repeat(20), '1'));
  });
  it('looks a 3-D order up as TDSC + the XID padded to 24', () => {
    expect(xmlValue(agreementXml(c, 'ABCDEF0123456789ABCD'), 'orderID')).toBe('TDSCABCDEF0123456789ABCD');
  });
  it('answers null for a missing element', () => {
    expect(xmlValue('<posnetResponse><approved>0</approved></posnetResponse>', 'hostlogkey')).toBeNull();
  });
});
