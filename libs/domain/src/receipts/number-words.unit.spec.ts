import { describe, expect, it } from 'vitest';
import { amountInTurkishWords, numberToTurkishWords } from './number-words';

describe('Turkish number words', () => {
  it.each([
    [0, 'sıfır'],
    [1, 'bir'],
    [10, 'on'],
    [11, 'on bir'],
    [19, 'on dokuz'],
    [40, 'kırk'],
    [66, 'altmış altı'],
    [100, 'yüz'],
    [101, 'yüz bir'],
    [200, 'iki yüz'],
    [999, 'dokuz yüz doksan dokuz'],
    [1000, 'bin'],
    [1001, 'bin bir'],
    [1250, 'bin iki yüz elli'],
    [2000, 'iki bin'],
    [10_000, 'on bin'],
    [100_000, 'yüz bin'],
    [101_000, 'yüz bir bin'],
    [1_000_000, 'bir milyon'],
    [1_001_000, 'bir milyon bin'],
    [2_500_300, 'iki milyon beş yüz bin üç yüz'],
    [999_999_999, 'dokuz yüz doksan dokuz milyon dokuz yüz doksan dokuz bin dokuz yüz doksan dokuz'],
    [1_000_000_000, 'bir milyar'],
  ])('writes %i as "%s"', (n, words) => {
    expect(numberToTurkishWords(n)).toBe(words);
  });

  it.each([
    [125_050, 'bin iki yüz elli Türk lirası elli kuruş'],
    [100, 'bir Türk lirası'],
    [5, 'sıfır Türk lirası beş kuruş'],
    [-1_000_00, 'eksi bin Türk lirası'],
  ])('writes %i kuruş as "%s"', (k, words) => {
    expect(amountInTurkishWords(k)).toBe(words);
  });

  it('refuses what is not a whole number', () => {
    expect(() => numberToTurkishWords(1.5)).toThrow(RangeError);
    expect(() => numberToTurkishWords(-1)).toThrow(RangeError);
  });
});
