import DialogContentText from '@mui/material/DialogContentText';
import { zodResolver } from '@hookform/resolvers/zod';
import { message, requestResetPasswordSchema } from '@okul/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '../../../api/api';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { notify } from '../../../lib/notify';

type Values = z.input<typeof requestResetPasswordSchema>;

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
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<Values, unknown, z.output<typeof requestResetPasswordSchema>>({
    resolver: zodResolver(requestResetPasswordSchema),
    defaultValues: { email: initialEmail },
  });

  // The dialog opens with what the login form holds.
  useEffect(() => {
    if (open) reset({ email: initialEmail });
  }, [open, initialEmail, reset]);

  const onSubmit = handleSubmit(
    async ({ email }) => {
      const r = await api.post('/requestResetPassword', { email }, { noAuth: true });
      if (!r.ok) {
        void notify(`Şifre sıfırlama isteği gönderilemedi: ${r.error}`, { variant: 'error' });
        return;
      }
      // api.md 8.1: say the mail was sent to the given address; the dialog closes and the field clears.
      void notify(message('account.resetRequested', { email }), { variant: 'success' });
      reset({ email: '' });
      onClose();
    },
    (errors) => {
      if (errors.email?.message) void notify(errors.email.message, { variant: 'warning' });
    },
  );

  return (
    <FormDialog
      open={open}
      title="Şifremi Unuttum"
      busy={isSubmitting}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={isSubmitting ? 'Gönderiliyor' : 'Bağlantı Gönder'}
      cancelLabel="Vazgeç"
      maxWidth="xs"
    >
      <DialogContentText sx={{ mb: 2 }}>
        Hesabınıza kayıtlı e-posta adresini yazın; şifrenizi sıfırlamanız için bir bağlantı gönderelim.
      </DialogContentText>
      <FormTextField
        control={control}
        name="email"
        label="E-posta"
        type="email"
        autoComplete="email"
        autoFocus
        fullWidth
        hint=" "
      />
    </FormDialog>
  );
}
