import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { message } from '@okul/domain';
import { Link } from '@tanstack/react-router';
import { enqueueSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useRedirectToLoginAfter } from '../../lib/useRedirectToLoginAfter';
import { useAuthActions } from '../auth/useAuthActions';
import { PAYMENT_REDIRECT_MS } from './Mock3dsPage';

/**
 * /odeme-basarili?token= (product.md 2): the bank's successful return. Success toast and icon, the
 * profile and organisations read again (the membership is active now), then /giris after 3 seconds.
 */
export function PaymentSuccessPage({ token }: { token: string }) {
  const { reloadSession } = useAuthActions();

  useRedirectToLoginAfter(true, PAYMENT_REDIRECT_MS);
  useEffect(() => {
    enqueueSnackbar(message('checkout.received'), { variant: 'success', preventDuplicate: true });
    void reloadSession();
  }, [token, reloadSession]);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Card elevation={2}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} role="status">
            <CheckCircleIcon color="success" sx={{ fontSize: 80 }} />
            <Typography variant="h5" component="h1">
              Ödemeniz alındı
            </Typography>
            <Typography color="text.secondary">{message('checkout.received')}</Typography>
            <Button component={Link} to="/giris" variant="contained">
              Giriş Sayfasına Git
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
