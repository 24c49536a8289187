import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { KeyboardEvent, ReactNode } from 'react';
import { CARD_RADIUS } from '../theme';

/** The outlined, rounded card every table of the panel sits in. */
export function TableCard({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ borderRadius: `${CARD_RADIUS}px`, overflow: 'hidden' }}>
      {children}
    </Paper>
  );
}

/** The one row of a table with nothing to list: a centred, muted text across all columns. */
export function EmptyTableRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" sx={{ py: 4, color: 'text.secondary' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

/** A table row that opens its record on a click or Enter (and Space where asked), reachable by Tab. */
export function OpenableTableRow({
  onOpen,
  openOnSpace = false,
  dimmed = false,
  children,
}: {
  onOpen: () => void;
  openOnSpace?: boolean;
  /** Greyed out, e.g. a deleted record listed among the others. */
  dimmed?: boolean;
  children: ReactNode;
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (openOnSpace && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onOpen();
    } else if (e.key === 'Enter') onOpen();
  };
  return (
    <TableRow
      hover
      tabIndex={0}
      sx={{ cursor: 'pointer', ...(dimmed && { opacity: 0.6 }) }}
      onClick={onOpen}
      onKeyDown={onKeyDown}
    >
      {children}
    </TableRow>
  );
}

/**
 * A row's Düzenle and Sil icon buttons, named for the row's record (e.g. "Gitar kursunu düzenle"); a row's
 * other actions (Üyeler, Makbuz) come first as children.
 */
export function EditDeleteActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  children,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {children}
      <Tooltip title="Düzenle">
        <IconButton size="small" aria-label={editLabel} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Sil">
        <IconButton size="small" color="error" aria-label={deleteLabel} onClick={onDelete}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
