import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_STRENGTH_LABELS,
  isCommonPassword,
  passwordStrength,
} from '@okul/domain';

/** The helper text under a new-password field: the rule until it is met, then the strength. */
export function passwordHint(password: string): string {
  if (password.length < PASSWORD_MIN_LENGTH) return `En az ${PASSWORD_MIN_LENGTH} karakter`;
  if (isCommonPassword(password)) return 'Çok yaygın bir şifre: kabul edilmez';
  return `Şifre gücü: ${PASSWORD_STRENGTH_LABELS[passwordStrength(password, PASSWORD_MIN_LENGTH)]}`;
}
