import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from '../auth/queries';
import { useAuthActions } from '../auth/useAuthActions';
import { useResendVerification } from '../auth/resend-verification';

/** How often the panel asks whether the link was opened (perhaps on another device). */
const PROFILE_POLL_MS = 10_000;

/**
 * product.md 2 /kayit: when the signed-in user has no verified e-mail, this panel replaces the form. The
 * link can be sent again (api.md 7.2 requestEmailVerification {email}); once the address is verified the
 * page moves on to payment by itself.
 */
export function EmailVerificationPanel({ email }: { email: string }) {
  const { reloadSession } = useAuthActions();
  const { busy, resend } = useResendVerification(email);
  // keeps the profile fresh while the user reads the mail: verification elsewhere moves this page on
  useQuery({ ...profileQueryOptions(), refetchInterval: PROFILE_POLL_MS, refetchOnWindowFocus: true });

  return (
    <Stack spacing={2.5} aria-label="E-posta doğrulama" component="section">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <MarkEmailUnreadIcon color="primary" sx={{ fontSize: 40 }} />
        <Typography variant="h5" component="h2">
          E-posta adresinizi doğrulayın
        </Typography>
      </Box>
      <Alert severity="info">
        Kaydınız oluşturuldu. Devam etmek için <strong>{email}</strong> adresine gönderdiğimiz doğrulama
        bağlantısına tıklayın.
      </Alert>
      <Typography color="text.secondary">
        E-posta birkaç dakika içinde gelmediyse gereksiz (spam) klasörünü kontrol edin ya da bağlantıyı
        yeniden isteyin. Bağlantı sınırlı bir süre geçerlidir. Adresinizi doğruladığınızda bu sayfa sizi ödeme
        adımına yönlendirir.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" onClick={() => void resend()} disabled={busy}>
          {busy ? 'Gönderiliyor' : 'Doğrulama E-postasını Tekrar Gönder'}
        </Button>
        <Button variant="outlined" onClick={() => void reloadSession()}>
          Doğruladım, Devam Et
        </Button>
      </Stack>
    </Stack>
  );
}
