import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useState, type ReactNode } from 'react';
import { tablePaginationLabels } from '../lib/table-labels';
import { EmptyTableRow, TableCard } from './TableParts';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Hidden below this breakpoint, to keep tables readable on phones. */
  hideBelow?: 'sm' | 'md' | 'lg';
}

export interface PaginatedTableProps<T> {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  emptyText: string;
  /** api.md 9.4: default 25 rows; logs 50, students and attendances 100. */
  defaultPageSize?: number;
  /** api.md 9.4: table height 660 px. */
  maxHeight?: number;
  ariaLabel: string;
  footer?: ReactNode;
}

/** An MUI table with the pagination labels and page sizes of api.md 9.4 (labels come from the theme). */
export function PaginatedTable<T>({
  rows,
  columns,
  rowKey,
  emptyText,
  defaultPageSize = tablePaginationLabels.defaultPageSize,
  maxHeight = 660,
  ariaLabel,
  footer,
}: PaginatedTableProps<T>) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  // keep the page in range when rows shrink (a deleted row, a new filter)
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const visible = rows.slice(current * pageSize, current * pageSize + pageSize);
  const display = (c: Column<T>) =>
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
                  sx={{ fontWeight: 600, width: c.width, ...display(c) }}
                >
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 ? (
              <EmptyTableRow colSpan={columns.length}>{emptyText}</EmptyTableRow>
            ) : (
              visible.map((row) => (
                <TableRow hover key={rowKey(row)}>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align} sx={display(c)}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
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
