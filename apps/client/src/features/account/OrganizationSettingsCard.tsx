import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Organization } from '@okul/domain';
import { organizationNameChange } from './account-forms';
import { OrganizationAccessControl } from '../organization-access/OrganizationAccessControl';
import { useRenameOrganization } from './queries';
import { Section } from '../../components/Section';
import { OrganizationLogos } from './OrganizationLogos';

/**
 * product.md 2 Settings, organisation settings (school-admin and above): the organisation's name and logos;
 * for developers also its access (open or closed).
 */
export function OrganizationSettingsCard({
  organization,
  canToggleAccess = false,
}: {
  organization: Organization;
  /** product.md 6: developers toggle organisation access. */
  canToggleAccess?: boolean;
}) {
  const rename = useRenameOrganization(organization.id);
  const [draft, setDraft] = useState(organization.name);
  // product.md 5: organisation name non-empty and changed
  const next = organizationNameChange(organization.name, draft);
  const empty = draft.trim() === '';

  return (
    <Section title="Kurum Ayarları">
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          if (next) rename.mutate(next, { onSuccess: () => setDraft(next) });
        }}
      >
        <TextField
          label="Kurum adı"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          fullWidth
          error={empty}
          helperText={empty ? 'Kurum adı boş olamaz.' : ' '}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!next || rename.isPending}
          sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 160, height: 56, whiteSpace: 'nowrap' }}
        >
          Kurum Adını Kaydet
        </Button>
      </Stack>
      <OrganizationLogos organization={organization} />
      {canToggleAccess && <OrganizationAccessControl organization={organization} />}
    </Section>
  );
}
