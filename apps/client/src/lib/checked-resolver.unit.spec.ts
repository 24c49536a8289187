import { describe, expect, it } from 'vitest';
import { checkedResolver } from './checked-resolver';

describe('checkedResolver', () => {
  const resolver = checkedResolver((v: { amount: string }) =>
    v.amount.trim() === ''
      ? { ok: false, message: 'Miktar eksik' }
      : { ok: true, payload: { amount: v.amount } },
  );
  const opts = { fields: {}, shouldUseNativeValidation: false };

  it("puts the check's warning on root and hands on the body of a valid form", async () => {
    expect((await resolver({ amount: ' ' }, undefined, opts)).errors.root?.message).toBe('Miktar eksik');
    expect(await resolver({ amount: '150' }, undefined, opts)).toEqual({
      values: { amount: '150' },
      errors: {},
    });
  });
});
