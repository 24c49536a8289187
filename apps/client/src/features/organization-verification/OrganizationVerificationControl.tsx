import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { refuseOrganizationVerificationSchema, type Organization } from '@okul/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { useOrganizationVerification, verificationNotice } from './organization-verification';

type Values = z.input<typeof refuseOrganizationVerificationSchema>;

/**
 * product.md 4: a developer (or the admin) approves or refuses a personal membership from the organisation
 * picker's "Tüm Kurumlar" choice. Shown only while a decision is open: pending, or refused (which may still
 * be approved once the owner sends what was missing).
 */
export function OrganizationVerificationControl({ organization }: { organization: Organization }) {
  const notice = verificationNotice(organization);
  const { approve, refuse, busy } = useOrganizationVerification(organization.id);
  const [refusing, setRefusing] = useState(false);
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<Values, unknown, z.output<typeof refuseOrganizationVerificationSchema>>({
    resolver: zodResolver(refuseOrganizationVerificationSchema),
    defaultValues: { reason: '' },
  });
  if (!notice) return null;

  const onSubmit = handleSubmit(async ({ reason }) => {
    await refuse.mutateAsync(reason).then(
      () => {
        reset({ reason: '' });
        setRefusing(false);
      },
      () => undefined,
    );
  });

  return (
    <Stack spacing={1} role="group" aria-label={`${organization.name} üyelik doğrulaması`}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="text.secondary">Üyelik doğrulaması:</Typography>
        <Chip size="small" color={notice.status === 'pending' ? 'info' : 'error'} label={notice.label} />
        <Button size="small" variant="contained" disabled={busy} onClick={() => approve.mutate()}>
          Onayla
        </Button>
        {notice.status === 'pending' && (
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() => setRefusing(true)}
          >
            Reddet
          </Button>
        )}
      </Stack>
      {notice.status === 'refused' && organization.verificationReason && (
        <Typography variant="body2" color="text.secondary">
          Gerekçe: {organization.verificationReason}
        </Typography>
      )}
      <FormDialog
        open={refusing}
        title="Üyelik doğrulaması reddedilsin mi?"
        busy={isSubmitting}
        onClose={() => setRefusing(false)}
        onSubmit={onSubmit}
        submitLabel="Reddet"
        maxWidth="xs"
      >
        <DialogContentText sx={{ mb: 2 }}>
          <strong>{organization.name}</strong> kapalı kalır ve ödeme yapamaz. Gerekçe kurum sahibine
          gösterilir ve e-posta ile gönderilir.
        </DialogContentText>
        <FormTextField
          control={control}
          name="reason"
          label="Ret gerekçesi"
          multiline
          minRows={2}
          maxLength={500}
          autoFocus
          fullWidth
        />
      </FormDialog>
    </Stack>
  );
}
