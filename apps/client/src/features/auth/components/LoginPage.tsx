import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { commonMessages, type loginSchema } from '@okul/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CenteredCard } from '../../../components/CenteredCard';
import { TextInput } from '../../../components/TextInput';
import { fetchOrgLogoUrl } from '../../../lib/images';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { notify } from '../../../lib/notify';
import { useAuthActions } from '../useAuthActions';

// The login schema (and zod with it) loads right after the page shows, not before it.
const loginValidation = lazyResolver<z.input<typeof loginSchema>, z.output<typeof loginSchema>>(() =>
  import('../login-resolvers').then((m) => m.loginResolver),
);

// The reset dialog loads when first opened, not with the login page.
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);

/** product.md 2 Login: e-mail, password, GİRİŞ YAP; Enter submits; Şifremi Unuttum; optional ?org logo. */
export function LoginPage({ org }: { org?: string }) {
  const { login } = useAuthActions();
  const [resetOpen, setResetOpen] = useState(false);
  // stays mounted once opened, so closing plays the dialog's exit transition
  const [resetShown, setResetShown] = useState(false);
  const {
    control,
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '' },
    mode: 'onChange',
  });
  useEffect(() => loginValidation.preload(), []);
  const email = useWatch({ control, name: 'email' });
  // product.md 5 Login: submit only if both fields are non-empty (the server's login schema says so).
  const canSubmit = isValid && !isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    const r = await login(values.email, values.password);
    // api.md 8.1: Giriş başarılı / Giriş yapılamadı: {server error} (the text from the common catalogue
    // alone: message() would bring every context's texts into the login page's first load)
    if (r.ok) void notify(commonMessages['login.success'].text, { variant: 'success' });
    else void notify(`Giriş yapılamadı: ${r.error}`, { variant: 'error' });
  });

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
          {/* An empty field only keeps the button disabled: the catalogue's text is about wrong credentials. */}
          <Controller
            control={control}
            name="email"
            render={({ field }) => (
              <TextInput {...field} label="E-posta" type="email" autoComplete="email" autoFocus fullWidth />
            )}
          />
          <Controller
            control={control}
            name="password"
            render={({ field }) => (
              <TextInput {...field} label="Şifre" type="password" autoComplete="current-password" fullWidth />
            )}
          />
          <Button type="submit" variant="contained" size="large" disabled={!canSubmit} fullWidth>
            {isSubmitting ? 'GİRİŞ YAPILIYOR' : 'GİRİŞ YAP'}
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
          <ForgotPasswordDialog
            open={resetOpen}
            initialEmail={email ?? ''}
            onClose={() => setResetOpen(false)}
          />
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
