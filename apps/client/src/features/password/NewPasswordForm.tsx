import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { passwordHint } from '../../lib/password-hint';
import { newPasswordProblem } from './link-params';

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
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const p = newPasswordProblem(password, confirmation);
    setProblem(p);
    if (p === null) onSubmit(password);
  }

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
        <TextField
          label="Yeni şifre"
          type="password"
          autoComplete="new-password"
          autoFocus
          fullWidth
          helperText={passwordHint(password)}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setProblem(null);
          }}
        />
        <TextField
          label="Yeni şifre (tekrar)"
          type="password"
          autoComplete="new-password"
          fullWidth
          value={confirmation}
          onChange={(e) => {
            setConfirmation(e.target.value);
            setProblem(null);
          }}
        />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
