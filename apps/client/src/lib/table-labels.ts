/** api.md 9.4: table labels and page sizes. */
export const tablePaginationLabels = {
  rowsPerPage: 'Sayfa başına sonuç:',
  /** MUI pages are zero-based; the label counts from 1. */
  displayedRows: ({ from, to, count, page }: { from: number; to: number; count: number; page: number }) =>
    `${count} sonuçtan ${from}-${to} arası gösteriliyor. Sayfa: ${page + 1}`,
  pageSizes: [10, 25, 50, 100] as const,
  defaultPageSize: 25,
};
