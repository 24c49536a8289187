import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { message } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useRedirectToLoginAfter } from '../../lib/useRedirectToLoginAfter';
import { useAuthActions } from '../auth/useAuthActions';
import { MOCK3DS_FIELDS, finalizeQuery, type Mock3dsSearch } from './mock3ds';
import { finalizeMock } from './queries';
import { gradientButtonSx } from './styles';

/** api.md 9.4: payment success and finalise redirect after 3 seconds. */
export const PAYMENT_REDIRECT_MS = 3_000;

/**
 * /mock3ds (product.md 2, test only): the query the test checkout page returned, and FINALIZE, which
 * completes the payment the way the bank's return would (GET /payment/mock/finalize with that query).
 */
export function Mock3dsPage({ search }: { search: Mock3dsSearch }) {
  const { reloadSession } = useAuthActions();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const query = finalizeQuery(search);

  useRedirectToLoginAfter(state === 'done', PAYMENT_REDIRECT_MS);

  async function finalize() {
    setState('busy');
    const r = await finalizeMock(query);
    if (!r.ok) {
      setState('idle');
      // api.md 8.7: Ödeme işlemi başarısız: plus the error
      enqueueSnackbar(message('checkout.finalizeFailed', { error: r.error }), { variant: 'error' });
      return;
    }
    enqueueSnackbar(message('checkout.finalizeSuccess'), { variant: 'success' });
    setState('done');
    // api.md 7.4: refresh the profile and organisations before going to /giris
    await reloadSession();
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Test Ödeme Dönüşü
      </Typography>
      <Alert severity="warning" sx={{ mb: 3 }}>
        Bu sayfa yalnızca test ortamında bulunur ve bankanın 3-D Secure dönüşünü taklit eder; karttan tahsilat
        yapılmaz.
      </Alert>
      <Card elevation={2}>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Dönen parametreler
          </Typography>
          <Table size="small" aria-label="Dönen parametreler">
            <TableBody>
              {MOCK3DS_FIELDS.map((key) => (
                <TableRow key={key}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: 180, pl: 0 }}>
                    {key}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {search[key] ?? '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Stack spacing={2} sx={{ mt: 3 }}>
            {!query && <Alert severity="error">Sonuçlandırılacak bir ödeme bilgisi (posnetData) yok.</Alert>}
            {state === 'done' ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
                <CheckCircleIcon color="success" />
                <Typography>{message('checkout.finalizeSuccess')}</Typography>
              </Stack>
            ) : (
              <Button
                variant="contained"
                size="large"
                disabled={!query || state !== 'idle'}
                onClick={() => void finalize()}
                sx={{ ...gradientButtonSx, alignSelf: 'flex-start' }}
              >
                FINALIZE
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
