import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';

interface Answer {
  success: true;
  message: string;
}

/**
 * The public QR consent page (product.md 5 Consent by QR code): a parent types their phone, receives a one-time
 * code by SMS and records ONAY or RET for that phone at this institution.
 */
export function ConsentPage({ organizationId }: { organizationId: string }) {
  const org = useQuery({
    queryKey: ['smsConsentOrganization', organizationId],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<{ id: string; name: string }>(
          `/smsConsent/organization?organizationId=${organizationId}`,
          { signal },
        ),
      ),
    retry: false,
  });
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: async () =>
      unwrap(await api.post<Answer>('/smsConsent/requestCode', { organizationId, phone })),
    onSuccess: (r) => setSent(r.message),
  });
  const confirm = useMutation({
    mutationFn: async (status: 'ONAY' | 'RET') =>
      unwrap(await api.post<Answer>('/smsConsent/confirm', { organizationId, phone, code, status })),
    onSuccess: (r) => setDone(r.message),
  });
  const error = request.error ?? confirm.error;
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          SMS İzni
        </Typography>
        {org.error ? (
          <Alert severity="error">{errorText(org.error)}</Alert>
        ) : (
          <Stack spacing={2}>
            <Typography>
              {org.data?.name ?? ''} kurumunun size SMS ile bilgi göndermesine izin verebilir (ONAY) veya izni
              geri alabilirsiniz (RET). Numaranıza gelen doğrulama kodu ile onaylayın.
            </Typography>
            {done ? (
              <Alert severity="success">{done}</Alert>
            ) : (
              <>
                <TextField
                  label="Cep telefonu"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                  placeholder="5XX XXX XX XX"
                  slotProps={{ htmlInput: { maxLength: 20, inputMode: 'tel' } }}
                />
                <Button
                  variant={sent ? 'outlined' : 'contained'}
                  disabled={request.isPending || phone.trim() === ''}
                  onClick={() => request.mutate()}
                >
                  {sent ? 'Yeni kod gönder' : 'Kod gönder'}
                </Button>
                {sent && (
                  <>
                    <Alert severity="info">{sent}</Alert>
                    <TextField
                      label="Doğrulama kodu"
                      value={code}
                      onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                      slotProps={{ htmlInput: { maxLength: 6, inputMode: 'numeric' } }}
                    />
                    <Stack direction="row" spacing={2}>
                      <Button
                        variant="contained"
                        color="success"
                        disabled={confirm.isPending || code.length !== 6}
                        onClick={() => confirm.mutate('ONAY')}
                      >
                        ONAY: SMS almak istiyorum
                      </Button>
                      <Button
                        variant="outlined"
                        color="error"
                        disabled={confirm.isPending || code.length !== 6}
                        onClick={() => confirm.mutate('RET')}
                      >
                        RET: SMS istemiyorum
                      </Button>
                    </Stack>
                  </>
                )}
              </>
            )}
            {error && <Alert severity="error">{errorText(error)}</Alert>}
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
