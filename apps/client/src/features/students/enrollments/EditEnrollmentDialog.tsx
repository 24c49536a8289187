import { message } from '@okul/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { enqueueSnackbar } from 'notistack';
import { ApiError, errorText } from '../../../api/client';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { FormDatePicker } from '../../../components/FormDatePicker';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { checkedResolver } from '../../../lib/checked-resolver';
import { withPrefix } from '../messages';
import type { EnrollmentView as Enrollment } from '@okul/domain';
import {
  ENROLLMENT_TYPE_LABELS,
  checkEnrollmentChanges,
  enrollmentChanges,
  enrollmentDraft,
  refusalReasons,
  type EnrollmentDraft,
} from './enrollment-form';
import { PeriodFields } from './PeriodFields';

export interface EditEnrollmentDialogProps {
  enrollment: Enrollment;
  busy: boolean;
  onClose: () => void;
  onEdit: (payload: Record<string, unknown>) => Promise<unknown>;
}

/**
 * product.md 2/5: the registration editing dialog (newPrice, newStartDate, newEndDate, newPeriodUnit,
 * newPeriodLength, newClassesPerPeriod, newIsOfficial). The update button waits for a change; a refusal
 * is listed under "Güncelleme yapılamadı." (api.md 8.3), the draft's own problems one per line as well.
 */
export function EditEnrollmentDialog({ enrollment, busy, onClose, onEdit }: EditEnrollmentDialogProps) {
  const resolver = useMemo(
    () =>
      checkedResolver((draft: EnrollmentDraft) => {
        const changes = enrollmentChanges(enrollment, draft);
        const problems = checkEnrollmentChanges(enrollment.id, changes);
        return problems.length > 0
          ? { ok: false as const, message: problems.join('\n') }
          : { ok: true as const, payload: { id: enrollment.id, ...changes } };
      }),
    [enrollment],
  );
  const { control, handleSubmit, setError, formState } = useForm<
    EnrollmentDraft,
    unknown,
    Record<string, unknown>
  >({ resolver, defaultValues: enrollmentDraft(enrollment) });
  const draft = useWatch({ control }) as EnrollmentDraft;
  const changed = Object.keys(enrollmentChanges(enrollment, draft)).length > 0;
  const periodic = enrollment.enrollmentType === 'periodic';
  const root = formState.errors.root;
  const reasons = root?.server?.message
    ? refusalReasons(root.server.message)
    : (root?.message?.split('\n') ?? []);

  const submit = handleSubmit(async (payload) => {
    try {
      await onEdit(payload);
      onClose();
    } catch (error) {
      setError('root.server', { message: errorText(error) });
      // api.md 8.3: no answer reads "Kurs kaydı düzenlemesi yapılamadı: Bağlantı hatası"
      if (error instanceof ApiError && error.status === 0)
        enqueueSnackbar(withPrefix(message('enrollment.editFailed'), error.message), { variant: 'error' });
    }
  });

  return (
    <FormDialog
      title="Kurs Kaydını Düzenle"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Güncelle"
      submitDisabled={!changed}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {enrollment.courseName ?? 'Kurs'} · {ENROLLMENT_TYPE_LABELS[enrollment.enrollmentType]}
      </Typography>
      {reasons.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>{message('enrollment.updateRefused')}</AlertTitle>
          {reasons.map((r) => (
            <div key={r}>{r}</div>
          ))}
        </Alert>
      )}
      <Stack spacing={2}>
        <FormTextField
          control={control}
          name="newPrice"
          label={periodic ? 'Dönem ücreti (TL)' : 'Ders ücreti (TL)'}
          maxLength={10}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormDatePicker control={control} name="newStartDate" label="Başlangıç" />
          <FormDatePicker control={control} name="newEndDate" label="Bitiş" hint="Boş: açık uçlu" clearable />
        </Stack>
        {periodic && (
          <PeriodFields
            control={control}
            names={{
              length: 'newPeriodLength',
              unit: 'newPeriodUnit',
              classesPerPeriod: 'newClassesPerPeriod',
            }}
          />
        )}
        <FormCheckbox control={control} name="newIsOfficial" label="Resmi kayıt" />
      </Stack>
    </FormDialog>
  );
}
