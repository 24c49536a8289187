import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS_TR } from '@okul/domain';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../lib/format';
import { useReadySession } from '../auth/useSession';

/** /giris/anasayfa (school-instructor): the greeting and the organisation; its panels come with their data. */
export function HomePage() {
  const { user, organization, role } = useReadySession();
  return (
    <>
      <PageHeader title={`Hoş geldiniz, ${user.name}`} subtitle={organization.name} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="overline" color="text.secondary">
                Kurum
              </Typography>
              <Typography variant="h6">{organization.name}</Typography>
              <Typography color="text.secondary">
                Rolünüz: {ROLE_LABELS_TR[role] ?? 'Bilinmeyen rol'}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="overline" color="text.secondary">
                Üyelik
              </Typography>
              <Typography variant="h6">
                {organization.isMembershipActive ? 'Aktif' : 'Aktif değil'}
                {organization.remainingSubscriptionStr && organization.isMembershipActive
                  ? ` (${organization.remainingSubscriptionStr})`
                  : ''}
              </Typography>
              {organization.paidUntil && (
                <Typography color="text.secondary">
                  Bitiş tarihi: {formatDate(organization.paidUntil)}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
