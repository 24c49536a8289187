import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CenteredCard } from '../../../components/CenteredCard';
import { PUBLIC_PATHS } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { seesAllOrganizations, type ReadySession } from '../session';
import { useAuthActions } from '../useAuthActions';

/** /giris/odeme-tamamla (product.md 2): the selected organisation has no active membership. */
export function PaymentLockoutPage({ session }: { session: ReadySession }) {
  const { logout, clearOrganization } = useAuthActions();
  const org = session.organization;
  const canSwitch = session.memberships.length > 1 || seesAllOrganizations(session.user);
  return (
    <CenteredCard maxWidth={520}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Üyelik Aktif Değil
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        <strong>{org.name}</strong> kurumunun üyeliği aktif değil. Paneli kullanmaya devam etmek için ödemeyi
        tamamlayın.
      </Alert>
      {org.paidUntil && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Son üyelik bitiş tarihi: {formatDate(org.paidUntil)}
        </Typography>
      )}
      <Stack spacing={1}>
        <Button variant="contained" href={PUBLIC_PATHS.payment}>
          Ödeme Sayfasına Git
        </Button>
        {canSwitch && (
          <Button variant="outlined" onClick={() => void clearOrganization()}>
            Başka Kurum Seç
          </Button>
        )}
        <Button color="inherit" onClick={() => void logout()}>
          Çıkış Yap
        </Button>
      </Stack>
    </CenteredCard>
  );
}
