import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { ENROLLMENT_PERIOD_UNITS, type EnrollmentPeriodUnit } from '@okul/domain';
import { useMemo, useState } from 'react';
import { enqueueSnackbar } from 'notistack';
import { ApiError, errorText } from '../../../api/client';
import { STUDENT_TEXTS, withPrefix } from '../messages';
import type { Enrollment } from '../types';
import {
  ENROLLMENT_TYPE_LABELS,
  PERIOD_UNIT_LABELS,
  checkEnrollmentChanges,
  enrollmentChanges,
  enrollmentDraft,
  refusalReasons,
  type EnrollmentDraft,
} from './enrollment-form';

export interface EditEnrollmentDialogProps {
  enrollment: Enrollment;
  busy: boolean;
  onClose: () => void;
  onEdit: (payload: Record<string, unknown>) => Promise<unknown>;
}

const digits = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max);

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
        enqueueSnackbar(withPrefix(STUDENT_TEXTS.enrollmentEditFailed, error.message), { variant: 'error' });
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle>Kurs Kaydını Düzenle</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {enrollment.courseName ?? 'Kurs'} · {ENROLLMENT_TYPE_LABELS[enrollment.enrollmentType]}
          </Typography>
          {reasons.length > 0 && (
            <Alert severity="error" sx={{ mb: 2 }}>
              <AlertTitle>{STUDENT_TEXTS.enrollmentEditRefused}</AlertTitle>
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
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Dönem uzunluğu"
                  fullWidth
                  value={draft.newPeriodLength}
                  onChange={(e) => set('newPeriodLength', digits(e.target.value, 3))}
                  slotProps={{ htmlInput: { maxLength: 3, inputMode: 'numeric' } }}
                />
                <TextField
                  select
                  label="Dönem birimi"
                  fullWidth
                  value={draft.newPeriodUnit}
                  onChange={(e) => set('newPeriodUnit', e.target.value as EnrollmentPeriodUnit)}
                >
                  {ENROLLMENT_PERIOD_UNITS.map((u) => (
                    <MenuItem key={u} value={u}>
                      {PERIOD_UNIT_LABELS[u]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label="Dönem başına ders"
                  fullWidth
                  value={draft.newClassesPerPeriod}
                  onChange={(e) => set('newClassesPerPeriod', digits(e.target.value, 3))}
                  slotProps={{ htmlInput: { maxLength: 3, inputMode: 'numeric' } }}
                />
              </Stack>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            İptal
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !changed}>
            Güncelle
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
