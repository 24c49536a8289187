import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTl, multiplyKurus, parseTl, sumKurus, toDecimalTl } from './money';
import { tlAmountField } from './money-field';

describe('parseTl', () => {
  it.each([
    ['1.234,50', 123450],
    ['1234,5', 123450],
    ['1234.5', 123450],
    ['1234.50', 123450],
    ['1234', 123400],
    ['0,01', 1],
    ['0.5', 50],
    ['1.234.567', 123456700],
    ['1.234.567,89', 123456789],
    ['  250 TL ', 25000],
    ['₺250', 25000],
    ['-75,25', -7525],
    ['+10', 1000],
    ['-0', 0],
    ['007', 700],
    [1234.5, 123450],
    [-12, -1200],
    [0, 0],
  ] as const)('%j -> %d kuruş', (input, kurus) => expect(parseTl(input)).toBe(kurus));

  it.each([
    ['1,234'], // three decimals
    ['1.234'], // ambiguous: 1234 TL or 1.234 TL
    ['12.345'],
    ['1.234,567'],
    ['0.001'],
    ['1,2,3'],
    ['1.23.4'],
    ['abc'],
    [''],
    ['1e3'],
    ['12 34'],
    ['99999999999999999'], // beyond exact integers
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [0.1 + 0.2], // 0.30000000000000004: refused, never rounded
    [1e21],
  ])('refuses %j', (input) => expect(parseTl(input)).toBeNull());

  it('reads back every amount it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (k) => {
        const shown = formatTl(k);
        return parseTl(shown) === k && parseTl(toDecimalTl(k)) === k;
      }),
    );
  });

  it('reads whole TL and two decimals exactly in both notations', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99 }), (lira, cents) => {
        const c = String(cents).padStart(2, '0');
        return (
          parseTl(`${lira},${c}`) === lira * 100 + cents && parseTl(`${lira}.${c}`) === lira * 100 + cents
        );
      }),
    );
  });
});

describe('formatTl', () => {
  it.each([
    [123450, '1.234,50 TL'],
    [0, '0,00 TL'],
    [5, '0,05 TL'],
    [100, '1,00 TL'],
    [-123456789, '-1.234.567,89 TL'],
    [99999999999, '999.999.999,99 TL'],
  ])('%d -> %s', (k, text) => expect(formatTl(k)).toBe(text));

  it('refuses a fraction of a kuruş', () => {
    expect(() => formatTl(1.5)).toThrow(RangeError);
  });

  it('decimal text', () => {
    expect(toDecimalTl(123450)).toBe('1234.50');
    expect(toDecimalTl(-5)).toBe('-0.05');
  });
});

describe('arithmetic', () => {
  it('sums and multiplies integers only', () => {
    expect(sumKurus([100, 250, -50])).toBe(300);
    expect(multiplyKurus(12345, 4)).toBe(49380);
    expect(() => sumKurus([0.5])).toThrow(RangeError);
    expect(() => multiplyKurus(100, 1.5)).toThrow(RangeError);
  });

  it('sum does not depend on order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1e9, max: 1e9 })),
        (xs) => sumKurus(xs) === sumKurus([...xs].reverse()),
      ),
    );
  });
});

describe('tlAmountField', () => {
  const field = tlAmountField('Miktar hatalı', 20);
  it('gives kuruş or the error text', () => {
    expect(field.parse('1.500,25')).toBe(150025);
    expect(field.parse(99.9)).toBe(9990);
    expect(field.safeParse('1,234').error?.issues[0].message).toBe('Miktar hatalı');
    expect(field.safeParse(true).error?.issues[0].message).toBe('Miktar hatalı');
    expect(field.safeParse('1'.repeat(21)).error?.issues[0].message).toBe('Miktar hatalı');
  });
});
