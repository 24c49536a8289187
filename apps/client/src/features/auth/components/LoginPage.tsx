import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { commonMessages } from '@okul/domain';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { CenteredCard } from '../../../components/CenteredCard';
import { TextInput } from '../../../components/TextInput';
import { fetchOrgLogoUrl } from '../../../lib/images';
import { useAuthActions } from '../useAuthActions';

// The reset dialog (with its e-mail schema) loads when first opened, not with the login page.
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);

/** product.md 2 Login: e-mail, password, GİRİŞ YAP; Enter submits; Şifremi Unuttum; optional ?org logo. */
export function LoginPage({ org }: { org?: string }) {
  const { login } = useAuthActions();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  // stays mounted once opened, so closing plays the dialog's exit transition
  const [resetShown, setResetShown] = useState(false);
  // product.md 5 Login: submit only if both fields are non-empty.
  const canSubmit = email.trim() !== '' && password !== '' && !busy;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    try {
      const r = await login(email.trim(), password);
      // api.md 8.1: Giriş başarılı / Giriş yapılamadı: {server error} (the text from the common catalogue
      // alone: message() would bring every context's texts into the login page's first load)
      if (r.ok) enqueueSnackbar(commonMessages['login.success'].text, { variant: 'success' });
      else enqueueSnackbar(`Giriş yapılamadı: ${r.error}`, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const { data: logo } = useQuery({
    queryKey: ['public', 'orgLogo', org ?? ''],
    queryFn: () => fetchOrgLogoUrl(org),
    enabled: !!org,
  });
  return (
    <CenteredCard top={logo ? <OrgLogo src={logo} /> : undefined}>
      <Typography variant="h5" component="h1" sx={{ mb: 3, textAlign: 'center' }}>
        Giriş Yap
      </Typography>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack spacing={2}>
          <TextInput
            label="E-posta"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            fullWidth
          />
          <TextInput
            label="Şifre"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={!canSubmit} fullWidth>
            {busy ? 'GİRİŞ YAPILIYOR' : 'GİRİŞ YAP'}
          </Button>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              setResetShown(true);
              setResetOpen(true);
            }}
            sx={{ alignSelf: 'center' }}
          >
            Şifremi Unuttum
          </Link>
        </Stack>
      </Box>
      {resetShown && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={resetOpen} initialEmail={email} onClose={() => setResetOpen(false)} />
        </Suspense>
      )}
    </CenteredCard>
  );
}

function OrgLogo({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <Box
      component="img"
      src={src}
      alt="Kurum logosu"
      onError={() => setFailed(true)}
      sx={{ maxHeight: 96, maxWidth: 240, objectFit: 'contain' }}
    />
  );
}
