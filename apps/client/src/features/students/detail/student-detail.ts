import type { ConsentStatus } from '@okul/domain';
import { formatDate } from '../../../lib/format';

/** product.md 3: ONAY, RET, or empty (not obtained), with the date it was recorded. */
export function consentText(status: ConsentStatus | null, date: string | null): string {
  if (!status) return 'SMS izni alınmadı';
  const when = formatDate(date);
  const label = status === 'ONAY' ? 'SMS izni var (ONAY)' : 'SMS izni yok (RET)';
  return when ? `${label}, ${when}` : label;
}
