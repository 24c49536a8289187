import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { api } from '../../api/api';
import { CenteredCard } from '../../components/CenteredCard';
import type { LinkParams } from './link-params';
import { NewPasswordForm } from './NewPasswordForm';
import { useRedirectToLoginAfter } from '../../lib/useRedirectToLoginAfter';

/** api.md 9.4: the redirect delay after a password reset. */
export const RESET_REDIRECT_MS = 2000;

/** /giris/reset?email=&token= (product.md 2, 4): a new password from the reset link, then login after 2 s. */
export function ResetPasswordPage({ email, token }: LinkParams) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useRedirectToLoginAfter(done, RESET_REDIRECT_MS);

  async function submit(newPassword: string) {
    setBusy(true);
    setError(null);
    const r = await api.post('/resetPassword', { email, token, newPassword }, { noAuth: true });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      enqueueSnackbar(`Şifre sıfırlanamadı: ${r.error}`, { variant: 'error' });
      return;
    }
    setDone(true);
    enqueueSnackbar('Şifreniz güncellendi.', { variant: 'success' });
  }

  return (
    <CenteredCard>
      <Typography variant="h5" component="h1" sx={{ mb: 2, textAlign: 'center' }}>
        Şifre Sıfırlama
      </Typography>
      {done ? (
        <Box sx={{ textAlign: 'center' }}>
          <CheckCircleIcon color="secondary" sx={{ fontSize: 56, mb: 1 }} />
          <Typography sx={{ mb: 3 }}>
            Şifreniz güncellendi. 2 saniye sonra giriş sayfasına yönlendirileceksiniz.
          </Typography>
          <Button component={Link} to="/giris" variant="contained" fullWidth>
            Giriş Yap
          </Button>
        </Box>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Hesabınız için yeni bir şifre belirleyin.
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <NewPasswordForm
            email={email}
            busy={busy}
            submitLabel="Şifreyi Güncelle"
            busyLabel="Güncelleniyor"
            onSubmit={(p) => void submit(p)}
          />
        </>
      )}
    </CenteredCard>
  );
}
