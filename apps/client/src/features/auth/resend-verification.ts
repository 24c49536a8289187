import { message } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { api } from '../../api/api';
import type { ApiResult } from '../../api/client';

/** api.md 7.2 requestEmailVerification {email}: sends the verification link again. */
export function requestEmailVerification(email: string): Promise<ApiResult<unknown>> {
  return api.post('/requestEmailVerification', { email });
}

/**
 * The "send the link again" button of both verification screens (/kayit and /giris/email-dogrulama): busy
 * while the call runs, then the toast (api.md 8.1: E-posta doğrulama isteği gönderilirken bir hata oluştu:
 * plus the reason).
 */
export function useResendVerification(email: string): { busy: boolean; resend: () => Promise<void> } {
  const [busy, setBusy] = useState(false);
  async function resend() {
    setBusy(true);
    try {
      const r = await requestEmailVerification(email);
      if (!r.ok)
        enqueueSnackbar(message('account.verifyResendFailed', { error: r.error }), { variant: 'error' });
      else enqueueSnackbar(`Doğrulama bağlantısı ${email} adresine gönderildi.`, { variant: 'success' });
    } finally {
      setBusy(false);
    }
  }
  return { busy, resend };
}
