import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';

/** The address the printed QR code opens: the organisation's public consent page. */
export const consentPageUrl = (orgId: string) => `${window.location.origin}/sms-izin/${orgId}`;

/** SMS İZİNLERİ: the QR code to print and hang up, with its address written under it. */
export function ConsentQr({ orgId }: { orgId: string }) {
  const url = consentPageUrl(orgId);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
        <QRCodeSVG value={url} size={144} aria-label="SMS izin QR kodu" />
        <Stack spacing={1}>
          <Typography sx={{ fontWeight: 600 }}>Velileriniz SMS iznini QR kod ile verebilir</Typography>
          <Typography variant="body2" color="text.secondary">
            Kodu okutan veli, telefonuna gelen doğrulama kodu ile ONAY veya RET verir; izin öğrencinin kaydına
            işlenir ve İşlem Dökümü&apos;nde görünür.
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {url}
          </Typography>
          <Button startIcon={<PrintIcon />} onClick={() => window.print()} sx={{ alignSelf: 'start' }}>
            Yazdır
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
