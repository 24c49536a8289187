/**
 * Money is an integer number of kuruş (1 TL = 100 kuruş) everywhere in the domain (HELPERS-BRIEF: never
 * floats). Text typed by people or sent by the client is turned into kuruş exactly, by string arithmetic,
 * and refused when it has more than two decimals or is ambiguous.
 */

/** An amount of money in kuruş: a safe integer. */
export type Kurus = number;

export const KURUS_PER_TL = 100;

/**
 * Parses a TL amount into kuruş, exactly, or answers null:
 * - Turkish form: "1.234,50", "1234,5", "1.234.567" (dots group thousands, comma is the decimal mark);
 * - dot-decimal form: "1234.5", "1234.50" (one dot, no comma: the way JSON numbers print);
 * - a JSON number: 1234.5 (read through its shortest decimal text, so 0.1 + 0.2 is refused, not rounded);
 * - an optional sign, and an optional "TL" or "₺" around it.
 * A single dot followed by exactly three digits ("1.234") is ambiguous between 1234 TL and 1,234 TL, so it
 * is refused like any amount with more than two decimals.
 */
export function parseTl(input: string | number): Kurus | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return null;
  }
  text = text
    .trim()
    .replace(/^₺\s*/, '')
    .replace(/\s*(TL|₺)$/i, '')
    .trim();
  const signMatch = /^([+-]?)\s*(.*)$/.exec(text);
  if (!signMatch) return null;
  const negative = signMatch[1] === '-';
  const body = signMatch[2];

  let whole: string;
  let fraction: string;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{1,3}(?:\.\d{3})+),(\d+)$/.exec(body))) {
    [whole, fraction] = [m[1].replace(/\./g, ''), m[2]];
  } else if ((m = /^(\d{1,3}(?:\.\d{3}){2,})$/.exec(body))) {
    [whole, fraction] = [m[1].replace(/\./g, ''), ''];
  } else if ((m = /^(\d+)(?:,(\d+))?$/.exec(body))) {
    [whole, fraction] = [m[1], m[2] ?? ''];
  } else if ((m = /^(\d+)\.(\d+)$/.exec(body))) {
    [whole, fraction] = [m[1], m[2]];
  } else {
    return null;
  }
  if (fraction.length > 2) return null;
  const digits = (whole.replace(/^0+(?=\d)/, '') + fraction.padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  // 16 digits may already pass Number.MAX_SAFE_INTEGER (9007199254740991): check before converting.
  if (digits.length > 16) return null;
  const kurus = Number(digits);
  if (!Number.isSafeInteger(kurus)) return null;
  return negative && kurus !== 0 ? -kurus : kurus;
}

function assertKurus(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer amount of kuruş: ${value}`);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** "1.234,50 TL" (Turkish grouping, always two decimals, a leading minus for negative amounts). */
export function formatTl(kurus: Kurus): string {
  assertKurus(kurus);
  const abs = Math.abs(kurus);
  const cents = abs % 100;
  const lira = (abs - cents) / 100;
  return `${kurus < 0 ? '-' : ''}${groupThousands(String(lira))},${String(cents).padStart(2, '0')} TL`;
}

/** "1234.50": a decimal string of TL, for JSON answers and logs that want TL rather than kuruş. */
export function toDecimalTl(kurus: Kurus): string {
  assertKurus(kurus);
  const abs = Math.abs(kurus);
  const cents = abs % 100;
  return `${kurus < 0 ? '-' : ''}${(abs - cents) / 100}.${String(cents).padStart(2, '0')}`;
}

/** Whole TL to kuruş (for limits written in TL, e.g. api.md 9.5 prices 1 to 999999999). */
export function tl(wholeLira: number): Kurus {
  const k = wholeLira * KURUS_PER_TL;
  assertKurus(k);
  return k;
}

export function addKurus(...amounts: Kurus[]): Kurus {
  return sumKurus(amounts);
}

export function sumKurus(amounts: Iterable<Kurus>): Kurus {
  let total = 0;
  for (const a of amounts) {
    assertKurus(a);
    total += a;
  }
  assertKurus(total);
  return total;
}

/** An amount times a whole count (e.g. api.md 9.3: the next-4-lessons debt is the price times 4). */
export function multiplyKurus(kurus: Kurus, count: number): Kurus {
  assertKurus(kurus);
  if (!Number.isSafeInteger(count)) throw new RangeError(`Not a whole count: ${count}`);
  const product = kurus * count;
  assertKurus(product);
  return product;
}
