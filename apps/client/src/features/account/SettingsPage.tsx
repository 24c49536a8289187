import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLES, hasRole } from '@okul/domain';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatDateTime, roleLabel } from '../../lib/format';
import { seesAllOrganizations } from '../auth/session';
import { useReadySession } from '../auth/useSession';
import { OrganizationSettingsCard } from './OrganizationSettingsCard';
import { EmailForm, NameForm, PasswordForm } from './ProfileForms';
import { Section } from '../../components/Section';
import { SessionsCard } from './SessionsCard';
import { AccountActivityCard } from './AccountActivityCard';
import { SystemLogsCard } from './SystemLogsCard';
import { BackupsCard } from './BackupsCard';
import { OrganizationBackupCard } from './OrganizationBackupCard';
import type { Profile as AccountProfileExtras } from '@okul/domain';

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.5 }}>
      <Typography color="text.secondary" sx={{ minWidth: 150 }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * /giris/ayarlar (school-student): account info; name, e-mail and password change; the session list;
 * organisation settings for school-admins and above (product.md 2 Settings, 6).
 */
export function SettingsPage() {
  const { user, organization, role } = useReadySession();
  const extras = user as typeof user & AccountProfileExtras;

  return (
    <>
      <PageHeader title="Ayarlar" subtitle={user.email} />
      <Stack spacing={3}>
        <Section title="Hesap Bilgileri">
          <InfoRow label="İsim">{user.displayName || user.name}</InfoRow>
          <InfoRow label="E-posta">
            {user.email}{' '}
            <Chip
              size="small"
              sx={{ ml: 1 }}
              color={user.isEmailVerified ? 'secondary' : 'warning'}
              label={user.isEmailVerified ? 'Doğrulandı' : 'Doğrulanmadı'}
            />
          </InfoRow>
          <InfoRow label="Kurum">{organization.name}</InfoRow>
          <InfoRow label="Rol">{roleLabel(role)}</InfoRow>
          {extras.createdAt && <InfoRow label="Kayıt tarihi">{formatDate(extras.createdAt)}</InfoRow>}
          <InfoRow label="Şifre değişikliği">
            {extras.passwordChangedAt ? formatDateTime(extras.passwordChangedAt) : 'Hiç değiştirilmedi'}
          </InfoRow>
        </Section>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, xl: 6 }}>
            <Stack spacing={3}>
              <NameForm key={user.name} user={user} />
              <EmailForm key={user.email} user={user} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, xl: 6 }}>
            <PasswordForm />
          </Grid>
        </Grid>
        <SessionsCard />
        <AccountActivityCard />
        {seesAllOrganizations(user) && <SystemLogsCard />}
        {hasRole(user.globalRoleId, ROLES.admin) && <BackupsCard />}
        {(hasRole(role, ROLES.schoolAdmin) || seesAllOrganizations(user)) && (
          <OrganizationBackupCard
            key={organization.id}
            organizationId={organization.id}
            canDownload={hasRole(role, ROLES.schoolAdmin)}
            canImport={seesAllOrganizations(user)}
          />
        )}
        {hasRole(role, ROLES.schoolAdmin) && (
          <OrganizationSettingsCard
            key={`${organization.id}:${organization.name}`}
            organization={organization}
            canToggleAccess={seesAllOrganizations(user)}
          />
        )}
      </Stack>
    </>
  );
}
