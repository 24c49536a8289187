import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { effectiveRole } from '@okul/domain';
import { useState } from 'react';
import { CenteredCard } from '../../../components/CenteredCard';
import { roleLabel } from '../../../lib/format';
import { OrganizationAccessControl } from '../../organization-access/OrganizationAccessControl';
import { OrganizationVerificationControl } from '../../organization-verification/OrganizationVerificationControl';
import { verificationNotice } from '../../organization-verification/organization-verification';
import { seesAllOrganizations, type Session } from '../session';
import type { Organization } from '@okul/domain';
import { useAuthActions } from '../useAuthActions';

function membershipText(o: Organization): string {
  if (o.deactivated) return 'Kurum erişime kapalı';
  // product.md 4: a personal membership waits for its manual verification before it can be paid
  const verification = verificationNotice(o);
  if (verification) return verification.label;
  if (!o.isMembershipActive) return 'Üyelik aktif değil';
  return o.remainingSubscriptionStr ? `Üyelik: ${o.remainingSubscriptionStr}` : 'Üyelik aktif';
}

/** product.md 2: logged-in users without a selected organisation pick one; developers also from all. */
export function OrganizationSelect({ session }: { session: Session }) {
  const { selectOrganization, logout } = useAuthActions();
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState<Organization | null>(null);
  // the list is read again after an access toggle: show the fresh copy of the chosen organisation
  const other = picked ? (session.allOrganizations.find((o) => o.id === picked.id) ?? picked) : null;
  const choose = async (id: string) => {
    setBusy(true);
    try {
      await selectOrganization(id);
    } finally {
      setBusy(false);
    }
  };

  return (
    <CenteredCard maxWidth={520}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Kurum Seçimi
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Merhaba {session.user.name}, devam etmek için bir kurum seçin.
      </Typography>
      {session.memberships.length === 0 ? (
        <Typography sx={{ my: 3 }}>
          Henüz bir kuruma bağlı değilsiniz. Kurum yöneticinizden davet isteyebilirsiniz; gelen davetler
          e-posta adresinize gönderilir.
        </Typography>
      ) : (
        <List disablePadding sx={{ mb: 2 }}>
          {session.memberships.map((m) => {
            const role = effectiveRole(m.organizationUser.orgRoleId, session.user.globalRoleId);
            return (
              <ListItemButton
                key={m.organization.id}
                disabled={busy}
                onClick={() => void choose(m.organization.id)}
                sx={{ borderRadius: 2, mb: 1, border: 1, borderColor: 'divider' }}
              >
                <ListItemText primary={m.organization.name} secondary={membershipText(m.organization)} />
                <Chip size="small" label={roleLabel(role)} color="primary" variant="outlined" />
              </ListItemButton>
            );
          })}
        </List>
      )}
      {seesAllOrganizations(session.user) && (
        <>
          <Divider sx={{ my: 2 }}>Tüm Kurumlar</Divider>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
            <Autocomplete
              sx={{ flexGrow: 1 }}
              options={session.allOrganizations}
              value={other}
              onChange={(_, v) => setPicked(v)}
              getOptionLabel={(o) => o.name}
              getOptionKey={(o) => o.id}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderOption={({ key: _key, ...props }, o) => (
                <li key={o.id} {...props}>
                  <ListItemText primary={o.name} secondary={membershipText(o)} />
                </li>
              )}
              renderInput={(params) => <TextField {...params} label="Kurum ara" />}
            />
            <Button
              variant="contained"
              disabled={!other || busy}
              onClick={() => other && void choose(other.id)}
            >
              Kurumu Aç
            </Button>
          </Stack>
          {other && (
            <Stack spacing={1} sx={{ mb: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {membershipText(other)}
              </Typography>
              <OrganizationVerificationControl organization={other} />
              <OrganizationAccessControl organization={other} />
            </Stack>
          )}
        </>
      )}
      <Button onClick={() => void logout()} color="inherit" fullWidth>
        Çıkış Yap
      </Button>
    </CenteredCard>
  );
}
