import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { message } from '@okul/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { unwrap } from '../../api/client';
import { CenteredCard } from '../../components/CenteredCard';
import { useAccessToken } from '../auth/useSession';
import { useAuthActions } from '../auth/useAuthActions';
import { verifyEmail } from './queries';

/** api.md 9.4: e-mail verification redirects after 2 seconds. */
export const VERIFIED_REDIRECT_MS = 2_000;

/**
 * /giris/verify?email=&token= (product.md 4): waiting, verified (to the login page after 2 s; a signed-in
 * user's session is read again so that the gating moves on: to payment during registration) or error.
 */
export function VerifyEmailPage({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate();
  const signedIn = !!useAccessToken();
  const { reloadSession } = useAuthActions();
  // A query, not an effect: the token is single-use, and the cache runs the call once however often the
  // page renders (StrictMode mounts twice).
  const verification = useQuery({
    queryKey: ['verifyEmail', email, token],
    queryFn: async () => {
      unwrap(await verifyEmail(email, token));
      return true;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const verified = verification.isSuccess;

  useEffect(() => {
    if (!verified) return;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void (async () => {
        if (signedIn) await reloadSession();
        if (!cancelled) await navigate({ to: '/giris', replace: true });
      })();
    }, VERIFIED_REDIRECT_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [verified, signedIn, reloadSession, navigate]);

  return (
    <CenteredCard maxWidth={480}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} role="status">
        {verification.isPending && (
          <>
            <CircularProgress aria-label="Doğrulanıyor" />
            <Typography variant="h6" component="h1">
              E-posta adresiniz doğrulanıyor…
            </Typography>
          </>
        )}
        {verified && (
          <>
            <CheckCircleIcon color="success" sx={{ fontSize: 64 }} />
            <Typography variant="h6" component="h1">
              E-posta adresiniz doğrulandı
            </Typography>
            <Typography color="text.secondary">
              <strong>{email}</strong> adresi doğrulandı. Giriş sayfasına yönlendiriliyorsunuz…
            </Typography>
          </>
        )}
        {verification.isError && (
          <>
            <CancelIcon color="error" sx={{ fontSize: 64 }} />
            <Typography variant="h6" component="h1">
              {message('account.verifyFailed')}
            </Typography>
            <Typography color="text.secondary">
              Bağlantının süresi dolmuş ya da e-posta adresiniz zaten doğrulanmış olabilir. Giriş yaparak yeni
              bir doğrulama bağlantısı isteyebilirsiniz.
            </Typography>
            <Box>
              <Button component={Link} to="/giris" variant="contained">
                Giriş Sayfasına Git
              </Button>
            </Box>
          </>
        )}
      </Stack>
    </CenteredCard>
  );
}
