import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findUnstorableText,
  formatPhone,
  generateTckn,
  generateVkn,
  isValidEmail,
  isValidPhone,
  isValidTckn,
  isValidVkn,
  matchesSearch,
  phoneDigits,
  trCompare,
  trLower,
  trUpper,
} from './validation';

/** A deterministic random source from fast-check's integers. */
const randomFrom = (values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] / 1000;
};
const randomArb = fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 11, maxLength: 11 });

describe('TCKN', () => {
  it.each([
    ['10000000146', true],
    ['12345678950', true],
    ['10000000147', false], // last digit off
    ['10000000156', false], // tenth digit off
    ['01234567890', false], // leading zero
    ['1000000014', false], // 10 digits
    ['100000001466', false],
    ['1000000014a', false],
    ['', false],
  ])('%s -> %s', (tckn, valid) => expect(isValidTckn(tckn)).toBe(valid));

  it('refuses non-strings', () => {
    expect(isValidTckn(10000000146)).toBe(false);
    expect(isValidTckn(null)).toBe(false);
  });

  it('generates only valid numbers', () => {
    fc.assert(fc.property(randomArb, (r) => isValidTckn(generateTckn(randomFrom(r)))));
  });

  it('refuses any single changed digit of a valid number', () => {
    fc.assert(
      fc.property(
        randomArb,
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (r, pos, delta) => {
          const t = generateTckn(randomFrom(r));
          const changed = t.slice(0, pos) + String((Number(t[pos]) + delta) % 10) + t.slice(pos + 1);
          return !isValidTckn(changed);
        },
      ),
    );
  });
});

describe('VKN', () => {
  it.each([
    ['1234567890', true],
    ['1111111114', true],
    ['0000000001', true], // hand-computed: weighted sum 49, check digit (10 - 9) % 10
    ['0000000000', false],
    ['1111111110', false],
    ['1234567891', false],
    ['123456789', false],
    ['12345678901', false],
    ['12345678a0', false],
  ])('%s -> %s', (vkn, valid) => expect(isValidVkn(vkn)).toBe(valid));

  it('generates only valid numbers, and a changed check digit is refused', () => {
    fc.assert(
      fc.property(randomArb, fc.integer({ min: 1, max: 9 }), (r, delta) => {
        const v = generateVkn(randomFrom(r));
        const wrong = v.slice(0, 9) + String((Number(v[9]) + delta) % 10);
        return isValidVkn(v) && !isValidVkn(wrong);
      }),
    );
  });
});

describe('e-mail and phone', () => {
  it.each([
    ['ali@ornek.com', true],
    ['a.b@c.com.tr', true],
    ['ali@ornek', false],
    ['ali ornek@x.com', false],
    ['@x.com', false],
    ['ali@.com', false],
  ])('email %s -> %s', (email, valid) => expect(isValidEmail(email)).toBe(valid));

  it.each([
    ['(532) 123 45 67', '5321234567'],
    ['0532 123 4567', '5321234567'],
    ['+90 532 123 45 67', '5321234567'],
    ['5321234567', '5321234567'],
    ['532-abc', '532-abc'],
  ])('phone digits of %s', (raw, digits) => expect(phoneDigits(raw)).toBe(digits));

  it.each([
    ['5321234567', true],
    ['2121234567', false],
    ['532123456', false],
    ['53212345678', false],
  ])('phone %s -> %s', (p, valid) => expect(isValidPhone(p)).toBe(valid));

  it('formats (XXX) XXX XX XX', () => {
    expect(formatPhone('5321234567')).toBe('(532) 123 45 67');
    expect(formatPhone('05321234567')).toBe('(532) 123 45 67');
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone(null)).toBe('');
  });

  it('formats every 10-digit phone back to its digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^5\d{9}$/), (d) => {
        const shown = formatPhone(d);
        return /^\(\d{3}\) \d{3} \d{2} \d{2}$/.test(shown) && phoneDigits(shown) === d;
      }),
    );
  });
});

describe('Turkish locale', () => {
  it('lowers and uppers the dotted and dotless i', () => {
    expect(trLower('IŞIK İSTANBUL')).toBe('ışık istanbul');
    expect(trUpper('ışık istanbul')).toBe('IŞIK İSTANBUL');
  });

  it('sorts by Turkish collation', () => {
    const names = ['Zeynep', 'Çağla', 'Cem', 'İpek', 'Ilgın', 'Ömer', 'Oya', 'Şule', 'Sevgi', 'Ümit', 'Uğur'];
    expect([...names].sort(trCompare)).toEqual([
      'Cem',
      'Çağla',
      'Ilgın',
      'İpek',
      'Oya',
      'Ömer',
      'Sevgi',
      'Şule',
      'Uğur',
      'Ümit',
      'Zeynep',
    ]);
  });

  it('sorts numbers by value and empty values last', () => {
    expect(['10', '9', '', '100'].sort(trCompare)).toEqual(['9', '10', '100', '']);
    expect([null, 'b', 'a'].sort(trCompare)).toEqual(['a', 'b', null]);
  });

  it.each([
    [['Işıl', 'Yılmaz'], 'IŞIL', true],
    [['Işıl', 'Yılmaz'], 'ışıl yıl', true],
    [['İpek', 'Demir'], 'ipek', true],
    [['Ipek', 'Demir'], 'ipek', false], // dotless capital I lowers to ı, not i
    [['Ali', 'Veli', 26001, '10000000146', 'Piyano'], '26001', true],
    [['Ali', 'Veli', null], 'piyano', false],
    [['Ali'], '  ', true],
  ])('%j matches %j: %s', (hay, q, hit) => expect(matchesSearch(hay, q)).toBe(hit));

  it('finds every word of a name in any letter case', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ŞEBNEM', 'çağrı', 'İSMAİL', 'ılgaz', 'Öykü'),
        (name) => matchesSearch([name, 'Soyad'], trUpper(name)) && matchesSearch([name], trLower(name)),
      ),
    );
  });
});

describe('text that cannot be stored (NUL, lone surrogates) is found anywhere in a request', () => {
  it.each([
    [{ name: 'a\u0000b' }, 'name'],
    [{ notes: 'x\uD800' }, 'notes'],
    [{ notes: '\uDC00x' }, 'notes'],
    [{ list: ['ok', { deep: ['\u0000'] }] }, 'list.1.deep.0'],
    [{ ['k\u0000']: 1 }, 'k?'],
    ['\uD83D', '(gövde)'],
  ])('%j -> %s', (value, path) => expect(findUnstorableText(value)).toBe(path));

  it('accepts any well-formed text, emoji and Turkish letters included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        const clean = JSON.parse(text.replace(/\\u0000/g, '')) as unknown;
        // fast-check's strings are well formed apart from NUL, which is removed above
        expect(findUnstorableText(clean)).toBeNull();
      }),
    );
    expect(findUnstorableText({ name: 'Çağrı 👩‍🏫 İğdır', n: [1, null, true] })).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)+$/);
  });
});
