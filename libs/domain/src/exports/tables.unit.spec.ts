import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, formatDay, spreadsheetDay } from './tables';

describe('export cells', () => {
  it('writes money from kuruş with a decimal comma and no grouping, exactly', () => {
    expect(csvCell('money', 150_050)).toBe('1500,50');
    expect(csvCell('money', -5)).toBe('-0,05');
    expect(csvCell('money', 0)).toBe('0,00');
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (k) => {
        const [whole, cents] = csvCell('money', k).replace('-', '').split(',');
        expect(Number(whole) * 100 + Number(cents)).toBe(Math.abs(k));
      }),
    );
  });

  it('writes days on the Istanbul calendar as dd.MM.yyyy', () => {
    // 21:30 UTC on 31 January is already 1 February in Istanbul.
    expect(formatDay('2025-01-31T21:30:00.000Z')).toBe('01.02.2025');
    expect(spreadsheetDay('2025-01-31T21:30:00.000Z').toISOString()).toBe('2025-02-01T00:00:00.000Z');
  });

  it('quotes what must be quoted and never lets a text become a formula', () => {
    expect(csvCell('text', 'a;b')).toBe('"a;b"');
    expect(csvCell('text', 'say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('text', '=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('text', null)).toBe('');
    expect(
      csvLine(
        [
          { header: 'A', kind: 'text' },
          { header: 'B', kind: 'money' },
        ],
        ['Şule', 1_000],
      ),
    ).toBe('Şule;10,00\r\n');
  });
});
