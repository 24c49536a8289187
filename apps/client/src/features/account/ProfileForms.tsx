import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { enqueueSnackbar } from 'notistack';
import type { FormEvent, ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../components/FormTextField';
import { passwordHint } from '../../lib/password-hint';
import type { Profile } from '@okul/domain';
import { useAuthActions } from '../auth/useAuthActions';
import {
  emailFormSchema,
  nameChange,
  nameFormSchema,
  passwordChangeBody,
  passwordFormSchema,
  type PasswordFormValues,
} from './account-forms';
import { useUpdateProfile } from './queries';
import { Section } from '../../components/Section';

/** A one-row form of the settings page: its fields, then the submit button at their height. */
function RowForm({
  onSubmit,
  submitLabel,
  disabled,
  children,
}: {
  onSubmit: (e: FormEvent) => Promise<void>;
  submitLabel: string;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      noValidate
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      // a refusal was shown by the mutation's toast; the form keeps the input
      onSubmit={(e) => void onSubmit(e).catch(() => undefined)}
    >
      {children}
      <Button
        type="submit"
        variant="contained"
        disabled={disabled}
        sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 160, height: 56, whiteSpace: 'nowrap' }}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}

/** product.md 5 Account: a new name of at most 50 characters. */
export function NameForm({ user }: { user: Profile }) {
  const update = useUpdateProfile('account.profileUpdateFailed');
  const { control, handleSubmit, watch, reset } = useForm<
    z.input<typeof nameFormSchema>,
    unknown,
    z.output<typeof nameFormSchema>
  >({ resolver: zodResolver(nameFormSchema), defaultValues: { name: user.name }, mode: 'onChange' });
  const changed = nameChange(user.name, watch('name') ?? '') !== null;

  const submit = handleSubmit(async ({ name }) => {
    await update.mutateAsync({ name });
    reset({ name });
    enqueueSnackbar('İsminiz güncellendi', { variant: 'success' });
  });

  return (
    <Section title="İsim Değiştir">
      <RowForm onSubmit={submit} submitLabel="İsmi Güncelle" disabled={!changed || update.isPending}>
        <FormTextField
          control={control}
          name="name"
          label="İsim"
          fullWidth
          autoComplete="name"
          hint="En fazla 50 karakter"
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
      </RowForm>
    </Section>
  );
}

/**
 * product.md 5 Account: a new e-mail of at most 50 characters. The server sends a link to it and the
 * panel is closed until it is verified, so after the change the app goes to the verification page.
 */
export function EmailForm({ user }: { user: Profile }) {
  const update = useUpdateProfile('account.emailUpdateFailed');
  const { reloadSession } = useAuthActions();
  const { control, handleSubmit, watch } = useForm<
    z.input<typeof emailFormSchema>,
    unknown,
    z.output<typeof emailFormSchema>
  >({ resolver: zodResolver(emailFormSchema), defaultValues: { email: user.email, currentPassword: '' } });
  const draft = (watch('email') ?? '').trim().toLowerCase();
  const changed = draft !== '' && draft !== user.email.toLowerCase();

  const submit = handleSubmit(async ({ email, currentPassword }) => {
    await update.mutateAsync({ email, currentPassword });
    enqueueSnackbar(`Doğrulama bağlantısı ${email} adresine gönderildi. Lütfen yeni adresinizi doğrulayın.`, {
      variant: 'info',
    });
    await reloadSession();
  });

  return (
    <Section
      title="E-posta Değiştir"
      subtitle="Yeni adresinize bir doğrulama bağlantısı gönderilir; adresinizi doğrulayana kadar panel kullanılamaz."
    >
      <RowForm onSubmit={submit} submitLabel="E-postayı Güncelle" disabled={!changed || update.isPending}>
        <FormTextField
          control={control}
          name="email"
          label="E-posta"
          type="email"
          autoComplete="email"
          fullWidth
          // an address of up to 50 characters is read whole at 1366 px: the wider share of the row
          sx={{ flex: { sm: '2 1 0' } }}
          hint="En fazla 50 karakter"
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
        <FormTextField
          control={control}
          name="currentPassword"
          label="Mevcut şifre"
          type="password"
          autoComplete="current-password"
          fullWidth
          sx={{ flex: { sm: '1 1 0' } }}
        />
      </RowForm>
    </Section>
  );
}

const EMPTY_PASSWORDS: PasswordFormValues = { currentPassword: '', password: '', confirmation: '' };

/** product.md 5 Account: new password and its confirmation (Şifreler eşleşmiyor.), with the current one. */
export function PasswordForm() {
  const update = useUpdateProfile('account.passwordUpdateFailed');
  const { control, handleSubmit, reset } = useForm<
    PasswordFormValues,
    unknown,
    z.output<typeof passwordFormSchema>
  >({ resolver: zodResolver(passwordFormSchema), defaultValues: EMPTY_PASSWORDS });

  const submit = handleSubmit(async (values) => {
    const r = await update.mutateAsync(passwordChangeBody(values));
    reset(EMPTY_PASSWORDS);
    const ended = r.endedSessions ?? 0;
    enqueueSnackbar(
      ended > 0 ? `Şifreniz güncellendi. Diğer ${ended} oturumunuz sonlandırıldı.` : 'Şifreniz güncellendi.',
      { variant: 'success' },
    );
  });

  const newPassword = useWatch({ control, name: 'password' });
  const field = (name: keyof PasswordFormValues, label: string, autoComplete: string) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      fullWidth
      hint={name === 'password' ? passwordHint(newPassword) : ' '}
    />
  );

  return (
    <Section
      title="Şifre Değiştir"
      subtitle="Şifreniz değişince bu cihaz dışındaki oturumlarınız sonlandırılır."
    >
      <Stack component="form" noValidate spacing={1} onSubmit={(e) => void submit(e).catch(() => undefined)}>
        {/* for password managers: the account the password belongs to */}
        <input type="hidden" autoComplete="username" />
        {field('currentPassword', 'Mevcut şifre', 'current-password')}
        {field('password', 'Yeni şifre', 'new-password')}
        {field('confirmation', 'Yeni şifre (tekrar)', 'new-password')}
        <Button
          type="submit"
          variant="contained"
          disabled={update.isPending}
          sx={{ alignSelf: 'flex-start', minWidth: 160 }}
        >
          Şifreyi Güncelle
        </Button>
      </Stack>
    </Section>
  );
}
