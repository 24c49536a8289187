import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatTl, message, type RecordKind, type RecordVersionAnswer } from '@okul/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDateTime } from '../../lib/format';
import { useOrgId } from '../auth/useSession';
import { balanceAsOfQueryOptions, recordHistoryQueryOptions } from './queries';

const empty = (v: string | null) => v ?? message('history.empty');

function Version({ v }: { v: RecordVersionAnswer }) {
  const who = v.userName || (v.userId ? message('history.unknownUser') : message('history.system'));
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="history-version">
      <Typography variant="subtitle2">
        {message('history.version', { n: v.version })} · {v.action}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {message('history.who')}: {who} · {message('history.when')}: {formatDateTime(v.at)} ·{' '}
        {message('history.ip')}: {empty(v.ipAddress)} · {message('history.device')}: {v.device}
      </Typography>
      {v.changes.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {message('history.noChanges')}
        </Typography>
      ) : (
        <Table size="small" sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>{message('history.field')}</TableCell>
              <TableCell>{message('history.old')}</TableCell>
              <TableCell>{message('history.new')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {v.changes.map((c) => (
              <TableRow key={c.field}>
                <TableCell>{c.label}</TableCell>
                <TableCell>{empty(c.old)}</TableCell>
                <TableCell>{empty(c.new)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/** A student's balances at the chosen day, per course (product.md 4 signs: owed > 0 means the student owes). */
function BalanceAsOf({ studentId, day }: { studentId: string; day: string }) {
  const orgId = useOrgId();
  const b = useQuery(balanceAsOfQueryOptions(orgId, studentId, day));
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {message('history.balanceAsOf')}
      </Typography>
      <QueryStatus loading={b.isLoading} error={b.error} gap={1} />
      {b.data && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="history-balance-total">
          {message('history.balanceTotal', { amount: formatTl(b.data.balance) })}
        </Typography>
      )}
      {b.data && (
        <Table size="small" data-testid="history-balance">
          <TableHead>
            <TableRow>
              <TableCell>{message('history.field.course')}</TableCell>
              <TableCell align="right">{message('history.charged')}</TableCell>
              <TableCell align="right">{message('history.paid')}</TableCell>
              <TableCell align="right">{message('history.owed')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {b.data.courses.map((c) => (
              <TableRow key={c.courseId}>
                <TableCell>{c.courseName ?? c.courseId}</TableCell>
                <TableCell align="right">{formatTl(c.charged)}</TableCell>
                <TableCell align="right">{formatTl(c.paid)}</TableCell>
                <TableCell align="right">{formatTl(c.owed)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/**
 * Geçmiş of one record: the record as it was at a chosen day (today when none is chosen), then every version
 * newest first with who, when, ip, device and what changed. Reading only: nothing here edits.
 */
export function HistoryDialog({
  kind,
  id,
  title,
  onClose,
}: {
  kind: RecordKind;
  id: string;
  title: string;
  onClose: () => void;
}) {
  const orgId = useOrgId();
  const [day, setDay] = useState('');
  const history = useQuery(recordHistoryQueryOptions(orgId, kind, id, day));
  const asOf = history.data?.asOf.fields;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="history-title">
      <DialogTitle id="history-title">
        {message('history.title')}: {title}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={message('history.asOfDate')}
            type="date"
            size="small"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'history-date' } }}
            sx={{ maxWidth: 220 }}
          />
          <QueryStatus
            loading={history.isLoading}
            error={history.error}
            failure={message('history.loadFailed')}
          />
          {history.data && (
            <Box>
              <Typography variant="subtitle1" sx={{ mb: 1 }}>
                {message('history.asOf')}
              </Typography>
              {asOf ? (
                <Table size="small" data-testid="history-as-of">
                  <TableBody>
                    {asOf.map((f) => (
                      <TableRow key={f.field}>
                        <TableCell sx={{ width: '40%' }}>{f.label}</TableCell>
                        <TableCell>{empty(f.value)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <Typography variant="body2">{message('history.asOfNone')}</Typography>
              )}
            </Box>
          )}
          {kind === 'student' && <BalanceAsOf studentId={id} day={day} />}
          {history.data && (
            <Box>
              <Typography variant="subtitle1" sx={{ mb: 1 }}>
                {message('history.versions')}
              </Typography>
              <Stack spacing={1}>
                {history.data.versions.map((v) => (
                  <Version key={v.version} v={v} />
                ))}
              </Stack>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{message('history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The Geçmiş control of a record: an icon in a table row, or a text button on a detail page. */
export function HistoryButton({
  kind,
  id,
  title,
  variant = 'icon',
}: {
  kind: RecordKind;
  id: string;
  /** What the record is called in the dialog's title and the button's label, e.g. "Ödeme 05.03.2026". */
  title: string;
  variant?: 'icon' | 'button';
}) {
  const [open, setOpen] = useState(false);
  const label = `${message('history.open')}: ${title}`;
  // The control sits in rows that open their record on a click or Enter: nothing done in here (the dialog
  // is a portal, but React events still bubble through it) may reach the row.
  const stop = (e: SyntheticEvent) => e.stopPropagation();
  return (
    <Box component="span" onClick={stop} onKeyDown={stop}>
      {variant === 'icon' ? (
        <Tooltip title={message('history.open')}>
          <IconButton size="small" aria-label={label} onClick={() => setOpen(true)}>
            <HistoryIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button variant="outlined" startIcon={<HistoryIcon />} onClick={() => setOpen(true)}>
          {message('history.open')}
        </Button>
      )}
      {open && <HistoryDialog kind={kind} id={id} title={title} onClose={() => setOpen(false)} />}
    </Box>
  );
}
