import { message } from '@okul/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useMemo, useState } from 'react';
import { enqueueSnackbar } from 'notistack';
import { ApiError, errorText } from '../../../api/client';
import { FormDialog } from '../../../components/FormDialog';
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
 * is listed under "Güncelleme yapılamadı." (api.md 8.3).
 */
export function EditEnrollmentDialog({ enrollment, busy, onClose, onEdit }: EditEnrollmentDialogProps) {
  const [draft, setDraft] = useState<EnrollmentDraft>(() => enrollmentDraft(enrollment));
  const [reasons, setReasons] = useState<string[]>([]);
  const set = <K extends keyof EnrollmentDraft>(key: K, value: EnrollmentDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const changes = useMemo(() => enrollmentChanges(enrollment, draft), [enrollment, draft]);
  const changed = Object.keys(changes).length > 0;
  const periodic = enrollment.enrollmentType === 'periodic';

  const submit = async () => {
    const problems = checkEnrollmentChanges(enrollment.id, changes);
    if (problems.length > 0) {
      setReasons(problems);
      return;
    }
    try {
      await onEdit({ id: enrollment.id, ...changes });
      onClose();
    } catch (error) {
      setReasons(refusalReasons(errorText(error)));
      // api.md 8.3: no answer reads "Kurs kaydı düzenlemesi yapılamadı: Bağlantı hatası"
      if (error instanceof ApiError && error.status === 0)
        enqueueSnackbar(withPrefix(message('enrollment.editFailed'), error.message), { variant: 'error' });
    }
  };

  return (
    <FormDialog
      title="Kurs Kaydını Düzenle"
      busy={busy}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
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
        <TextField
          label={periodic ? 'Dönem ücreti (TL)' : 'Ders ücreti (TL)'}
          value={draft.newPrice}
          onChange={(e) => set('newPrice', e.target.value)}
          slotProps={{ htmlInput: { maxLength: 10, inputMode: 'decimal' } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DatePicker
            label="Başlangıç"
            value={draft.newStartDate}
            onChange={(d) => set('newStartDate', d)}
            slotProps={{ textField: { fullWidth: true } }}
          />
          <DatePicker
            label="Bitiş"
            value={draft.newEndDate}
            onChange={(d) => set('newEndDate', d)}
            slotProps={{
              textField: { fullWidth: true, helperText: 'Boş: açık uçlu' },
              field: { clearable: true },
            }}
          />
        </Stack>
        {periodic && (
          <PeriodFields
            length={draft.newPeriodLength}
            unit={draft.newPeriodUnit}
            classesPerPeriod={draft.newClassesPerPeriod}
            onLengthChange={(v) => set('newPeriodLength', v)}
            onUnitChange={(v) => set('newPeriodUnit', v)}
            onClassesPerPeriodChange={(v) => set('newClassesPerPeriod', v)}
          />
        )}
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.newIsOfficial}
              onChange={(e) => set('newIsOfficial', e.target.checked)}
            />
          }
          label="Resmi kayıt"
        />
      </Stack>
    </FormDialog>
  );
}
