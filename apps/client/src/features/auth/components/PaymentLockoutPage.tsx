import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CenteredCard } from '../../../components/CenteredCard';
import { Link } from '@tanstack/react-router';
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
        {/* product.md 2: the inactive-membership screen links to the relative path odeme */}
        <Button variant="contained" component={Link} to="/giris/odeme">
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
