import type { Kurus } from '../shared/money';

const ONES = ['', 'bir', 'iki', 'üç', 'dört', 'beş', 'altı', 'yedi', 'sekiz', 'dokuz'];
const TENS = ['', 'on', 'yirmi', 'otuz', 'kırk', 'elli', 'altmış', 'yetmiş', 'seksen', 'doksan'];
const SCALES = ['', 'bin', 'milyon', 'milyar', 'trilyon'];

/** 0-999 in words: "yüz" not "bir yüz" (Turkish says yüz, iki yüz). */
function hundreds(n: number): string[] {
  const h = Math.floor(n / 100);
  const t = Math.floor((n % 100) / 10);
  const o = n % 10;
  return [...(h === 0 ? [] : h === 1 ? ['yüz'] : [ONES[h], 'yüz']), TENS[t], ONES[o]].filter((w) => w !== '');
}

/** A whole number in Turkish words: 1001 "bin bir", 2_000_000 "iki milyon", 0 "sıfır". */
export function numberToTurkishWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`);
  if (n === 0) return 'sıfır';
  const words: string[] = [];
  let rest = n;
  const groups: number[] = [];
  while (rest > 0) {
    groups.push(rest % 1000);
    rest = Math.floor(rest / 1000);
  }
  if (groups.length > SCALES.length) throw new RangeError(`Too large: ${n}`);
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i];
    if (g === 0) continue;
    // Turkish says "bin", never "bir bin"; but "bir milyon".
    if (i === 1 && g === 1) words.push('bin');
    else words.push(...hundreds(g), ...(SCALES[i] ? [SCALES[i]] : []));
  }
  return words.join(' ');
}

/** An amount as a receipt writes it: "bin iki yüz elli Türk lirası elli kuruş" (kuruş left out when zero). */
export function amountInTurkishWords(kurus: Kurus): string {
  if (!Number.isSafeInteger(kurus)) throw new RangeError(`Not an integer amount of kuruş: ${kurus}`);
  const abs = Math.abs(kurus);
  const lira = Math.floor(abs / 100);
  const cents = abs % 100;
  const parts = [`${numberToTurkishWords(lira)} Türk lirası`];
  if (cents > 0) parts.push(`${numberToTurkishWords(cents)} kuruş`);
  return `${kurus < 0 ? 'eksi ' : ''}${parts.join(' ')}`;
}
