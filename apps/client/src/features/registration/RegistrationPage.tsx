import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { enqueueSnackbar } from 'notistack';
import { useEffect } from 'react';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { useAccessToken, useSession } from '../auth/useSession';
import { EmailVerificationPanel } from './EmailVerificationPanel';
import { registrationStep } from './registration-flow';
import { RegistrationForm, type RegistrationDocument } from './RegistrationForm';

/** /kayit, titled Kurum Kayıt (product.md 2). */
export function RegistrationPage({
  onShowDocument,
}: {
  onShowDocument: (doc: RegistrationDocument) => void;
}) {
  const token = useAccessToken();
  const session = useSession();
  const navigate = useNavigate();
  const step = registrationStep(!!token, session);

  useEffect(() => {
    if (step === 'payment') {
      // product.md 2: a verified pending_payment user is told and sent to /odeme
      enqueueSnackbar('Ödeme sayfasına yönlendiriliyorsunuz.', {
        variant: 'info',
        preventDuplicate: true,
      });
      void navigate({ to: '/odeme', replace: true });
    } else if (step === 'panel') {
      void navigate({ to: '/giris', replace: true });
    }
  }, [step, navigate]);

  if (step === 'loading' || step === 'payment' || step === 'panel') return <FullPageSpinner />;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Kurum Kayıt
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Kurumunuzu birkaç dakikada kaydedin: e-posta adresinizi doğrulayın, aboneliğinizi seçin ve hemen
        kullanmaya başlayın.
      </Typography>
      <Card elevation={2}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          {step === 'verifyEmail' && session ? (
            <EmailVerificationPanel email={session.user.email} />
          ) : (
            <RegistrationForm onShowDocument={onShowDocument} />
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
