import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PaginatedTable, type Column } from '../../components/PaginatedTable';
import { QueryStatus } from '../../components/QueryStatus';

/** The heading of a table in the student detail, with its action (an add button) on the right. */
export function TableTitle({
  title,
  action,
  spaced = false,
}: {
  title: string;
  action?: ReactNode;
  /** Set off from a table above it. */
  spaced?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        mt: spaced ? 3 : 0,
        mb: 1,
      }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {action}
    </Box>
  );
}

/** One of a student's record tables: its heading, rows and what it says when empty. */
export interface RecordTable<T> {
  title: string;
  ariaLabel: string;
  rows: T[];
  columns: Column<T>[];
  emptyText: string;
}

/**
 * A student's records of one kind in two tables, the current ones (with the add button) above the past
 * ones (closed or deleted), as the student detail shows enrolments and payments.
 */
export function CurrentAndPastTables<T extends { id: string }>({
  current,
  past,
  addLabel,
  onAdd,
  addDisabled,
  loading,
  error,
}: {
  current: RecordTable<T>;
  past: RecordTable<T>;
  addLabel: string;
  onAdd: () => void;
  addDisabled: boolean;
  loading: boolean;
  error: unknown;
}) {
  return (
    <>
      <TableTitle
        title={current.title}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} disabled={addDisabled}>
            {addLabel}
          </Button>
        }
      />
      <QueryStatus loading={loading} error={error} gap={1} />
      {[current, past].map((table, i) => (
        <Box key={table.title}>
          {i > 0 && <TableTitle title={table.title} spaced />}
          <PaginatedTable
            ariaLabel={table.ariaLabel}
            rows={table.rows}
            columns={table.columns}
            rowKey={(row) => row.id}
            emptyText={table.emptyText}
            defaultPageSize={10}
          />
        </Box>
      ))}
    </>
  );
}
