import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { emailSchema, message } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { api } from '../../../api/api';

/** product.md 5: the reset dialog requires a valid e-mail, else Geçersiz e-mail adresi. */
export function ForgotPasswordDialog({
  open,
  initialEmail,
  onClose,
}: {
  open: boolean;
  initialEmail: string;
  onClose: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      const text = message('auth.invalidEmail');
      setError(text);
      enqueueSnackbar(text, { variant: 'warning' });
      return;
    }
    setBusy(true);
    const r = await api.post('/requestResetPassword', { email: parsed.data }, { noAuth: true });
    setBusy(false);
    if (!r.ok) {
      enqueueSnackbar(`Şifre sıfırlama isteği gönderilemedi: ${r.error}`, { variant: 'error' });
      return;
    }
    // api.md 8.1: say the mail was sent to the given address; the dialog closes and the field clears.
    enqueueSnackbar(
      `Şifre sıfırlama bağlantısı ${parsed.data} adresine gönderildi. Lütfen gelen kutunuzu kontrol edin.`,
      { variant: 'success' },
    );
    setEmail('');
    setError(null);
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      slotProps={{
        transition: {
          onEnter: () => {
            setEmail(initialEmail);
            setError(null);
          },
        },
      }}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>Şifremi Unuttum</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Hesabınıza kayıtlı e-posta adresini yazın; şifrenizi sıfırlamanız için bir bağlantı gönderelim.
          </DialogContentText>
          <TextField
            label="E-posta"
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Vazgeç
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Gönderiliyor' : 'Bağlantı Gönder'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
