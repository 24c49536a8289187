import { describe, expect, it } from 'vitest';
import { smsReminderFormSchema } from './sms-form';

describe('SMS reminder form', () => {
  it('takes a text and refuses a blank one with the catalogue text', () => {
    expect(smsReminderFormSchema.safeParse({ message: 'Ödemeniz gecikti.' }).success).toBe(true);
    const blank = smsReminderFormSchema.safeParse({ message: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('Gönderilecek SMS yok.');
  });
});
