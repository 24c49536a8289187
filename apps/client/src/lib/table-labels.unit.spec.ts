import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';
import { tablePaginationLabels } from './table-labels';

describe('table labels (api.md 9.4)', () => {
  it('reads the Turkish pagination labels, counting pages from 1', () => {
    expect(tablePaginationLabels.rowsPerPage).toBe('Sayfa başına sonuç:');
    expect(tablePaginationLabels.displayedRows({ from: 26, to: 50, count: 120, page: 1 })).toBe(
      '120 sonuçtan 26-50 arası gösteriliyor. Sayfa: 2',
    );
    expect(tablePaginationLabels.pageSizes).toEqual([10, 25, 50, 100]);
    expect(tablePaginationLabels.defaultPageSize).toBe(25);
  });
});

describe('date formats (api.md 9.4)', () => {
  it('writes dd.MM.yyyy and dd.MM.yyyy HH:mm in local time', () => {
    const d = new Date(2025, 0, 5, 9, 7);
    expect(formatDate(d)).toBe('05.01.2025');
    expect(formatDateTime(d.toISOString())).toBe('05.01.2025 09:07');
  });

  it('gives an empty text for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('dün')).toBe('');
  });
});
