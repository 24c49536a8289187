/**
 * Checks and formats shared by every form of product.md section 5: national ID (TCKN), tax number (VKN),
 * e-mail shape, phone digits, and the Turkish-locale helpers for search and sorting (api.md 9.4).
 */

const digitsOf = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0) - 48);

/** A source of randomness in [0, 1): `Math.random` in the browser, a seeded generator in tests. */
export type RandomSource = () => number;

const randomDigit = (random: RandomSource, min = 0) => min + Math.floor(random() * (10 - min));

function tcknCheckDigits(first9: number[]): [number, number] {
  const odd = first9[0] + first9[2] + first9[4] + first9[6] + first9[8];
  const even = first9[1] + first9[3] + first9[5] + first9[7];
  // product.md 5: the weighted odd/even sum gives the tenth digit (kept non-negative before the modulo).
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  // product.md 5: the sum of the first ten digits modulo 10 is the last digit.
  const eleventh = (first9.reduce((a, b) => a + b, 0) + tenth) % 10;
  return [tenth, eleventh];
}

/** product.md 5: exactly 11 digits, the first not 0, and both check digits right. */
export function isValidTckn(value: unknown): boolean {
  if (typeof value !== 'string' || !/^[1-9]\d{10}$/.test(value)) return false;
  const d = digitsOf(value);
  const [tenth, eleventh] = tcknCheckDigits(d.slice(0, 9));
  return d[9] === tenth && d[10] === eleventh;
}

/** A valid TCKN for test aids (product.md 5: "buttons generate a sample tckn"). */
export function generateTckn(random: RandomSource): string {
  const first9 = [randomDigit(random, 1), ...Array.from({ length: 8 }, () => randomDigit(random))];
  return [...first9, ...tcknCheckDigits(first9)].join('');
}

function vknCheckDigit(first9: number[]): number {
  // The Revenue Administration (GİB) algorithm for the 10-digit tax number.
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const tmp = (first9[i] + 9 - i) % 10;
    let v = (tmp * 2 ** (9 - i)) % 9;
    if (tmp !== 0 && v === 0) v = 9;
    sum += v;
  }
  return (10 - (sum % 10)) % 10;
}

/** product.md 5: exactly 10 digits with the check digit of the standard algorithm. */
export function isValidVkn(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{10}$/.test(value)) return false;
  const d = digitsOf(value);
  return d[9] === vknCheckDigit(d.slice(0, 9));
}

/** A valid VKN for test aids. */
export function generateVkn(random: RandomSource): string {
  const first9 = Array.from({ length: 9 }, () => randomDigit(random));
  return [...first9, vknCheckDigit(first9)].join('');
}

/** product.md 5: text, at sign, text, dot, text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value);
}

/**
 * The digits of a phone as typed: spaces, brackets, dots and dashes dropped, and a leading 0 or 90 country
 * prefix removed, so "(532) 123 45 67", "0532 123 4567" and "+90 532 123 45 67" all give "5321234567".
 * Anything else is returned as its raw digits and then fails `isValidPhone`.
 */
export function phoneDigits(value: string): string {
  const raw = value.trim();
  if (!/^\+?[\d\s().-]*$/.test(raw)) return raw;
  const digits = raw.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  if (digits.length === 12 && digits.startsWith('90')) return digits.slice(2);
  return digits;
}

/** api.md 9.5 and product.md 5: a phone is 10 digits in the 5xx (mobile) format. */
export function isValidPhone(value: unknown): boolean {
  return typeof value === 'string' && /^5\d{9}$/.test(value);
}

/** product.md 5 Phone display: (XXX) XXX XX XX. Anything that is not 10 digits is shown as it is. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const d = phoneDigits(value);
  if (!/^\d{10}$/.test(d)) return value;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8, 10)}`;
}

/** Lower case by Turkish rules: "I" -> "ı", "İ" -> "i". */
export function trLower(value: string): string {
  return value.toLocaleLowerCase('tr-TR');
}

/** Upper case by Turkish rules: "i" -> "İ", "ı" -> "I". */
export function trUpper(value: string): string {
  return value.toLocaleUpperCase('tr-TR');
}

const collator = new Intl.Collator('tr', { sensitivity: 'base', numeric: true });

/** api.md 9.4: sorting uses Turkish collation (ç after c, ı before i, numbers by value). */
export function trCompare(a: string | null | undefined, b: string | null | undefined): number {
  // Empty values sort last whatever the direction the caller applies to the rest.
  if (a == null || a === '') return b == null || b === '' ? 0 : 1;
  if (b == null || b === '') return -1;
  return collator.compare(a, b);
}

/**
 * product.md 5 Student search: case-insensitive by Turkish rules over the given texts. Every word of the
 * query must appear in the joined texts, so "ali yıl" finds "Ali Yılmaz". An empty query matches everything.
 */
export function matchesSearch(
  haystack: string | number | null | undefined | ReadonlyArray<string | number | null | undefined>,
  query: string | null | undefined,
): boolean {
  const words = trLower(query ?? '')
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return true;
  const parts = Array.isArray(haystack) ? haystack : [haystack];
  const text = trLower(
    parts
      .filter((p) => p !== null && p !== undefined)
      .map(String)
      .join(' '),
  );
  return words.every((w) => text.includes(w));
}

/** A NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair (not valid Unicode, so JSON
 * stored as jsonb refuses it). */
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * Where a request's value (a parsed JSON body or a query) holds text that cannot be stored: the path of the
 * first such string or key ("notes", "attendants.2"), or null when everything can be. Walks without recursion,
 * so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return path || '(gövde)';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (!isStorableText(k)) return at.replace(UNSTORABLE, '?');
        stack.push([child, at]);
      }
    }
  }
  return null;
}
