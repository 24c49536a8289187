const MONTHS = [
  'Ocak',
  'Şubat',
  'Mart',
  'Nisan',
  'Mayıs',
  'Haziran',
  'Temmuz',
  'Ağustos',
  'Eylül',
  'Ekim',
  'Kasım',
  'Aralık',
];

/** "2025-02" as "Şubat 2025". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}

const count = new Intl.NumberFormat('tr-TR');
const percent = new Intl.NumberFormat('tr-TR', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A count with Turkish digit grouping ("1.234"). */
export function formatCount(n: number): string {
  return count.format(n);
}

/** A rate given in per cent ("%94,0"), a dash when there is none. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : percent.format(rate / 100);
}
