import { describe, expect, it } from 'vitest';
import { verificationNotice } from './organization-verification';

describe('verificationNotice (product.md 4)', () => {
  it('tells a pending and a refused personal membership, with the reason; nothing otherwise', () => {
    expect(verificationNotice({ verificationStatus: 'pending' })).toMatchObject({
      status: 'pending',
      label: 'Doğrulama bekliyor',
    });
    expect(
      verificationNotice({ verificationStatus: 'refused', verificationReason: 'Belge eksik' }),
    ).toMatchObject({
      status: 'refused',
      text: 'Kurumunuzun doğrulaması reddedildi, ödeme yapılamaz. Gerekçe: Belge eksik',
    });
    expect(verificationNotice({ verificationStatus: 'approved' })).toBeNull();
    expect(verificationNotice({ verificationStatus: 'not_required' })).toBeNull();
    expect(verificationNotice({})).toBeNull();
    expect(verificationNotice(null)).toBeNull();
  });
});
