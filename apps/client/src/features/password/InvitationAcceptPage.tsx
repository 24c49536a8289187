import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { message } from '@okul/domain';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../api/api';
import { CenteredCard } from '../../components/CenteredCard';
import type { LinkParams } from './link-params';
import { NewPasswordForm } from './NewPasswordForm';
import { useRedirectToLoginAfter } from '../../lib/useRedirectToLoginAfter';

/** api.md 9.4: the redirect delay after accepting an invitation. */
export const INVITE_REDIRECT_MS = 5000;

type State = { kind: 'form' } | { kind: 'verified' } | { kind: 'error'; reason: string };

/**
 * /giris/invite?email=&token= (product.md 2, 4): the invited person sets a password; states form,
 * verified (login after 5 s) and error (api.md 8.1's text, with the server's reason under it).
 */
export function InvitationAcceptPage({ email, token }: LinkParams) {
  const [state, setState] = useState<State>({ kind: 'form' });
  const [busy, setBusy] = useState(false);
  useRedirectToLoginAfter(state.kind === 'verified', INVITE_REDIRECT_MS);

  async function submit(newPassword: string) {
    setBusy(true);
    const r = await api.post('/acceptInvitation', { email, token, newPassword }, { noAuth: true });
    setBusy(false);
    setState(r.ok ? { kind: 'verified' } : { kind: 'error', reason: r.error });
  }

  return (
    <CenteredCard>
      <Typography variant="h5" component="h1" sx={{ mb: 2, textAlign: 'center' }}>
        Üyelik Daveti
      </Typography>
      {state.kind === 'form' && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Davetinizi kabul etmek için hesabınıza bir şifre belirleyin. Sonra bu e-posta adresi ve şifrenizle
            giriş yapabilirsiniz.
          </Typography>
          <NewPasswordForm
            email={email}
            busy={busy}
            submitLabel="Daveti Kabul Et"
            busyLabel="Gönderiliyor"
            onSubmit={(p) => void submit(p)}
          />
        </>
      )}
      {state.kind === 'verified' && (
        <Box sx={{ textAlign: 'center' }}>
          <CheckCircleIcon color="secondary" sx={{ fontSize: 56, mb: 1 }} />
          <Typography sx={{ mb: 1, fontWeight: 600 }}>Davetiniz kabul edildi.</Typography>
          <Typography sx={{ mb: 3 }}>5 saniye sonra giriş sayfasına yönlendirileceksiniz.</Typography>
          <Button component={Link} to="/giris" variant="contained" fullWidth>
            Giriş Yap
          </Button>
        </Box>
      )}
      {state.kind === 'error' && (
        <Box sx={{ textAlign: 'center' }}>
          <ErrorIcon color="error" sx={{ fontSize: 56, mb: 1 }} />
          <Typography role="alert" sx={{ mb: 1, fontWeight: 600 }}>
            {message('account.invitationAcceptFailed')}
          </Typography>
          {state.reason && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {state.reason}
            </Typography>
          )}
          <Stack spacing={1}>
            <Button variant="contained" onClick={() => setState({ kind: 'form' })}>
              Tekrar Dene
            </Button>
            <Button component={Link} to="/giris" color="inherit">
              Giriş Sayfasına Dön
            </Button>
          </Stack>
        </Box>
      )}
    </CenteredCard>
  );
}
