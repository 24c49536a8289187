import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { describeDevice, logActionLabel } from '@okul/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { Section } from '../../components/Section';
import { formatDateTime } from '../../lib/format';
import { systemLogsQueryOptions } from './activity-queries';

/** The account actions developers filter by most (product.md 3: known actions; `_failed` for refusals). */
const ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'refresh_session',
  'update_profile',
  'password_reset_request',
  'password_reset',
  'request_email_verification',
  'verify_email',
  'create_user',
  'end_all_sessions',
];

/** api.md 7.4 requestSystemLogs: the account actions of no organisation, for developers (global role 1). */
export function SystemLogsCard() {
  const [action, setAction] = useState('');
  const query = useInfiniteQuery(systemLogsQueryOptions(action || null));
  const rows = query.data?.pages.flatMap((p) => p.logs) ?? [];
  return (
    <Section
      title="Sistem Kayıtları"
      subtitle="Hiçbir kuruma ait olmayan hesap işlemleri: girişler, çıkışlar, şifre ve e-posta işlemleri."
      action={
        <TextField
          select
          size="small"
          label="İşlem"
          value={action}
          onChange={(e) => setAction(e.target.value)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">Tümü</MenuItem>
          {ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {logActionLabel(a)}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      {query.isPending ? (
        <CircularProgress size={24} />
      ) : query.isError ? (
        <Alert severity="error">Sistem kayıtları yüklenemedi: {errorText(query.error)}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">Kayıt yok.</Typography>
      ) : (
        <Stack spacing={1}>
          <Table size="small" aria-label="Sistem kayıtları">
            <TableHead>
              <TableRow>
                <TableCell>Zaman</TableCell>
                <TableCell>Kullanıcı</TableCell>
                <TableCell>İşlem</TableCell>
                <TableCell>IP adresi</TableCell>
                <TableCell>Cihaz</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((l) => (
                <TableRow key={l.id}>
                  <TableCell>{formatDateTime(l.createdAt)}</TableCell>
                  <TableCell>
                    {l.userName ?? l.userEmail ?? (l.details?.email as string | undefined) ?? '—'}
                  </TableCell>
                  <TableCell>{l.sentence}</TableCell>
                  <TableCell>{l.ipAddress || '—'}</TableCell>
                  <TableCell title={l.userAgent ?? ''}>{describeDevice(l.userAgent)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {query.hasNextPage && (
            <Button
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              sx={{ alignSelf: 'flex-start' }}
            >
              Daha fazla göster
            </Button>
          )}
        </Stack>
      )}
    </Section>
  );
}
