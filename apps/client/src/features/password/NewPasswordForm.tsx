import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../components/FormTextField';
import { checkedResolver } from '../../lib/checked-resolver';
import { passwordHint } from '../../lib/password-hint';
import { newPasswordProblem } from './link-params';

interface NewPasswordValues {
  password: string;
  confirmation: string;
}

const resolver = checkedResolver(({ password, confirmation }: NewPasswordValues) => {
  const problem = newPasswordProblem(password, confirmation);
  return problem ? { ok: false, message: problem } : { ok: true, payload: { newPassword: password } };
});

/**
 * The password + confirmation form of /giris/reset and /giris/invite (product.md 5): both non-empty and
 * equal, else the alert Şifreler eşleşmiyor!; nothing is sent until they are.
 */
export function NewPasswordForm({
  email,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
}: {
  email: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: (newPassword: string) => void;
}) {
  const { control, handleSubmit, clearErrors, formState } = useForm<
    NewPasswordValues,
    unknown,
    { newPassword: string }
  >({ resolver, defaultValues: { password: '', confirmation: '' } });
  const password = useWatch({ control, name: 'password' });
  const problem = formState.errors.root?.message;
  // the alert goes as soon as either field changes again
  const clearProblem = () => clearErrors('root');

  const submit = handleSubmit(({ newPassword }) => {
    if (!busy) onSubmit(newPassword);
  });

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        {/* the address, for password managers; it comes from the link and cannot change here */}
        <TextField
          label="E-posta"
          value={email}
          autoComplete="username"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <FormTextField
          control={control}
          name="password"
          label="Yeni şifre"
          type="password"
          autoComplete="new-password"
          autoFocus
          fullWidth
          hint={passwordHint(password)}
          onValueChange={clearProblem}
        />
        <FormTextField
          control={control}
          name="confirmation"
          label="Yeni şifre (tekrar)"
          type="password"
          autoComplete="new-password"
          fullWidth
          onValueChange={clearProblem}
        />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
