import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { SMS_PACKAGES, formatTl, message } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { initiateMock, initiatePosnet } from '../checkout/queries';
import { posnetHiddenForm, submitHiddenForm } from '../checkout/posnet-form';
import { usePublicInfo } from '../public-info/queries';

const BLOB_LIFETIME_MS = 60_000;

/**
 * product.md 2 SMS credit purchase dialog: an SMS package (api.md 9.2) paid through the same checkout as the
 * plans (api.md 7.4); product.md 5: a package must be selected.
 */
export function SmsCreditDialog({
  open,
  organizationId,
  onClose,
}: {
  open: boolean;
  organizationId: string;
  onClose: () => void;
}) {
  const [item, setItem] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const testAids = usePublicInfo().data?.testAids === true;

  async function payByCard() {
    setBusy(true);
    const r = await initiatePosnet(item, organizationId);
    const form = r.ok ? posnetHiddenForm(r.data) : null;
    if (!form) {
      setBusy(false);
      const error = r.ok ? 'Banka ödeme sayfasının bilgileri eksik.' : r.error;
      enqueueSnackbar(message('checkout.failed', { error }), { variant: 'error' });
      return;
    }
    submitHiddenForm(form);
  }

  async function payByMock() {
    const tab = window.open('', '_blank');
    setBusy(true);
    const r = await initiateMock(item, organizationId);
    setBusy(false);
    const html = r.ok ? r.data : '';
    if (!html) {
      tab?.close();
      enqueueSnackbar(message('checkout.mockNoHtml', { status: r.status }), { variant: 'error' });
      return;
    }
    const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
    if (tab && !tab.closed) tab.location.href = url;
    else if (!window.open(url, '_blank')) window.location.assign(url);
    window.setTimeout(() => URL.revokeObjectURL(url), BLOB_LIFETIME_MS);
    onClose();
  }

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>SMS Kredisi Satın Al</DialogTitle>
      <DialogContent>
        <RadioGroup value={item} onChange={(e) => setItem(e.target.value)}>
          {SMS_PACKAGES.map((p) => (
            <FormControlLabel
              key={p.checkoutItem}
              value={p.checkoutItem}
              control={<Radio />}
              label={`${p.name}: ${formatTl(p.price)}`}
            />
          ))}
        </RadioGroup>
        {!item && (
          <Typography variant="body2" color="text.secondary">
            Lütfen bir paket seçin.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          İptal
        </Button>
        {testAids && (
          <Button onClick={() => void payByMock()} disabled={!item || busy}>
            MOCK PAYMENT
          </Button>
        )}
        <Button variant="contained" onClick={() => void payByCard()} disabled={!item || busy}>
          ÖDEMEYE GEÇ
        </Button>
      </DialogActions>
    </Dialog>
  );
}
