import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useState, type ReactNode } from 'react';
import { tablePaginationLabels } from '../lib/table-labels';
import { EmptyTableRow, OpenableTableRow, TableCard } from './TableParts';

export interface Column<T, K extends string = string> {
  key: K;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Hidden below this breakpoint, to keep tables readable on phones. */
  hideBelow?: 'sm' | 'md' | 'lg';
}

export interface TableSort<K extends string = string> {
  key: K;
  direction: 'asc' | 'desc';
}

export interface PaginatedTableProps<T, K extends string = string> {
  rows: T[];
  columns: Column<T, K>[];
  rowKey: (row: T) => string;
  emptyText: string;
  /** api.md 9.4: default 25 rows; logs 50, students and attendances 100. */
  defaultPageSize?: number;
  /** api.md 9.4: table height 660 px. */
  maxHeight?: number;
  ariaLabel: string;
  footer?: ReactNode;
  /** Sortable headers: the current order and what a header click asks for (the caller sorts the rows). */
  sort?: TableSort<K> | null;
  onSort?: (key: K) => void;
  /** Clickable rows (click, Enter or Space) that open their record. */
  onRowClick?: (row: T) => void;
  /** Greyed out rows, e.g. deleted records listed among the others. */
  rowDimmed?: (row: T) => boolean;
  /** Back to the first page whenever this changes (a new search, a filter). */
  resetPageOn?: unknown;
}

/** An MUI table with the pagination labels and page sizes of api.md 9.4 (labels come from the theme). */
export function PaginatedTable<T, K extends string = string>({
  rows,
  columns,
  rowKey,
  emptyText,
  defaultPageSize = tablePaginationLabels.defaultPageSize,
  maxHeight = 660,
  ariaLabel,
  footer,
  sort,
  onSort,
  onRowClick,
  rowDimmed,
  resetPageOn,
}: PaginatedTableProps<T, K>) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [seenReset, setSeenReset] = useState(resetPageOn);
  if (seenReset !== resetPageOn) {
    setSeenReset(resetPageOn);
    setPage(0);
  }
  // keep the page in range when rows shrink (a deleted row, a new filter)
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const visible = rows.slice(current * pageSize, current * pageSize + pageSize);
  const display = (c: Column<T, K>) =>
    c.hideBelow ? { display: { xs: 'none', [c.hideBelow]: 'table-cell' } } : {};

  return (
    <TableCard>
      <TableContainer sx={{ maxHeight }}>
        <Table stickyHeader size="small" aria-label={ariaLabel}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.align}
                  sortDirection={sort?.key === c.key ? sort.direction : false}
                  sx={{
                    fontWeight: 600,
                    width: c.width,
                    ...(onSort && { whiteSpace: 'nowrap' }),
                    ...display(c),
                  }}
                >
                  {onSort ? (
                    <TableSortLabel
                      active={sort?.key === c.key}
                      direction={sort?.key === c.key ? sort.direction : 'asc'}
                      onClick={() => onSort(c.key)}
                    >
                      {c.header}
                    </TableSortLabel>
                  ) : (
                    c.header
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 ? (
              <EmptyTableRow colSpan={columns.length}>{emptyText}</EmptyTableRow>
            ) : (
              visible.map((row) => {
                const cells = columns.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={display(c)}>
                    {c.cell(row)}
                  </TableCell>
                ));
                return onRowClick ? (
                  <OpenableTableRow
                    key={rowKey(row)}
                    onOpen={() => onRowClick(row)}
                    dimmed={rowDimmed?.(row)}
                  >
                    {cells}
                  </OpenableTableRow>
                ) : (
                  <TableRow hover key={rowKey(row)} sx={rowDimmed?.(row) ? { opacity: 0.6 } : undefined}>
                    {cells}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={current}
        rowsPerPage={pageSize}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
      />
      {footer}
    </TableCard>
  );
}
