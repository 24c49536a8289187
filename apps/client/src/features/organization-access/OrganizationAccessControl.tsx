import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Organization } from '@okul/domain';
import { organizationAccessChange, useOrganizationAccess } from './organization-access';

/**
 * product.md 6: "developer: toggling organisation access". Shown to developers (and the global admin) on
 * the organisation picker's "Tüm Kurumlar" choice and in Ayarlar > Kurum Ayarları. Closing asks first.
 */
export function OrganizationAccessControl({ organization }: { organization: Organization }) {
  const toggle = useOrganizationAccess(organization.id);
  const [confirming, setConfirming] = useState(false);
  const change = organizationAccessChange(organization);
  const closed = organization.deactivated === true;

  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      aria-label={`${organization.name} kurum erişimi`}
      role="group"
    >
      <Typography color="text.secondary">Kurum erişimi:</Typography>
      <Chip size="small" color={closed ? 'warning' : 'secondary'} label={change.status} />
      <Button
        size="small"
        variant="outlined"
        color={closed ? 'primary' : 'warning'}
        disabled={toggle.isPending}
        onClick={() => (closed ? toggle.mutate(organization) : setConfirming(true))}
      >
        {change.button}
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Kurum erişime kapatılsın mı?"
        confirmLabel="Erişime Kapat"
        destructive
        busy={toggle.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => toggle.mutate(organization, { onSettled: () => setConfirming(false) })}
      >
        <strong>{organization.name}</strong> kurumunun kullanıcıları verilerini görmeye devam eder, ancak
        erişim yeniden açılana kadar hiçbir değişiklik yapamaz.
      </ConfirmDialog>
    </Stack>
  );
}
