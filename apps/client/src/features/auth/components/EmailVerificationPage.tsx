import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CenteredCard } from '../../../components/CenteredCard';
import { useResendVerification } from '../resend-verification';
import type { Session } from '../session';
import { useAuthActions } from '../useAuthActions';

/** /giris/email-dogrulama (product.md 2): the address must be verified; the link can be sent again. */
export function EmailVerificationPage({ session }: { session: Session }) {
  const { logout, reloadSession } = useAuthActions();
  const email = session.user.email;
  const { busy, resend } = useResendVerification(email);

  return (
    <CenteredCard maxWidth={520}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        E-posta Doğrulama
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Panele devam edebilmek için e-posta adresinizi doğrulamanız gerekiyor.
      </Alert>
      <Typography sx={{ mb: 3 }}>
        <strong>{email}</strong> adresine gönderdiğimiz bağlantıya tıklayın. E-posta gelmediyse gereksiz
        (spam) klasörünü kontrol edin ya da bağlantıyı yeniden isteyin.
      </Typography>
      <Stack spacing={1}>
        <Button variant="contained" onClick={() => void resend()} disabled={busy}>
          {busy ? 'Gönderiliyor' : 'Doğrulama E-postasını Tekrar Gönder'}
        </Button>
        <Button variant="outlined" onClick={() => void reloadSession()}>
          Doğruladım, Devam Et
        </Button>
        <Button color="inherit" onClick={() => void logout()}>
          Çıkış Yap
        </Button>
      </Stack>
    </CenteredCard>
  );
}
