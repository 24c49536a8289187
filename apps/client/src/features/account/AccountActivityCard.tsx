import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Section } from '../../components/Section';
import { formatDateTime } from '../../lib/format';
import { useAuthActions } from '../auth/useAuthActions';
import { accountActivityQueryOptions, useEndAllSessions } from './activity-queries';

/**
 * product.md 2 Settings: the user's own account activity (logins with time, ip and device, refused logins
 * with their e-mail, logouts, password changes); "Bu ben değildim" ends every session after the password.
 */
export function AccountActivityCard() {
  const query = useInfiniteQuery(accountActivityQueryOptions());
  const endAll = useEndAllSessions();
  const { logout } = useAuthActions();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const rows = query.data?.pages.flatMap((p) => p.logs) ?? [];

  async function confirm() {
    if (!password) return;
    await endAll.mutateAsync(password).then(
      // Every session ended, this one too: sign out here as well.
      () => logout(),
      () => undefined,
    );
  }

  return (
    <Section
      title="Hesap Hareketleri"
      subtitle="Hesabınıza yapılan girişler ve hesap işlemleri. Tanımadığınız bir hareket görürseniz tüm oturumlarınızı kapatın ve şifrenizi değiştirin."
      action={
        <Button color="error" variant="outlined" size="small" onClick={() => setAsking(true)}>
          Bu ben değildim
        </Button>
      }
    >
      {query.isPending ? (
        <CircularProgress size={24} />
      ) : query.isError ? (
        <Alert severity="error">Hesap hareketleri yüklenemedi: {errorText(query.error)}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">Henüz hesap hareketi yok.</Typography>
      ) : (
        <Stack spacing={1}>
          <Table size="small" aria-label="Hesap hareketleri">
            <TableHead>
              <TableRow>
                <TableCell>Zaman</TableCell>
                <TableCell>İşlem</TableCell>
                <TableCell>IP adresi</TableCell>
                <TableCell>Cihaz</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((l) => (
                <TableRow key={l.id}>
                  <TableCell>{formatDateTime(l.createdAt)}</TableCell>
                  <TableCell sx={{ color: l.action.endsWith('_failed') ? 'error.main' : undefined }}>
                    {l.sentence}
                  </TableCell>
                  <TableCell>{l.ipAddress || '—'}</TableCell>
                  <TableCell title={l.userAgent ?? ''}>{l.device}</TableCell>
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
      <ConfirmDialog
        open={asking}
        title="Tüm oturumları kapat"
        confirmLabel="Tüm oturumları kapat"
        destructive
        busy={endAll.isPending}
        onClose={() => {
          setAsking(false);
          setPassword('');
        }}
        onConfirm={() => void confirm()}
      >
        <Typography component="span">
          Bu cihaz dahil hesabınızın açık olduğu tüm oturumlar kapatılacak; her cihazda yeniden giriş yapmak
          gerekir. Ardından şifrenizi değiştirmeniz önerilir.
          <TextField
            label="Mevcut Şifre"
            type="password"
            autoComplete="current-password"
            required
            fullWidth
            margin="normal"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void confirm();
            }}
          />
        </Typography>
      </ConfirmDialog>
    </Section>
  );
}
