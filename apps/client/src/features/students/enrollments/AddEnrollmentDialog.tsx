import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { ENROLLMENT_TYPES, type EnrollmentType, message } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import type { Course } from '@okul/domain';
import {
  ENROLLMENT_TYPE_LABELS,
  addEnrollmentPayload,
  emptyAddEnrollmentForm,
  type AddEnrollmentForm,
} from './enrollment-form';
import { PeriodFields } from './PeriodFields';

export interface AddEnrollmentDialogProps {
  open: boolean;
  studentId: string;
  /** Courses with no active enrolment of the student (product.md 5). */
  courses: Course[];
  busy: boolean;
  onClose: () => void;
  onAdd: (payload: Record<string, unknown>) => Promise<unknown>;
}

/** product.md 5 Add enrolment: course, type (per_class default, or periodic with its period), price, discount. */
export function AddEnrollmentDialog({
  open,
  studentId,
  courses,
  busy,
  onClose,
  onAdd,
}: AddEnrollmentDialogProps) {
  const [form, setForm] = useState<AddEnrollmentForm>(emptyAddEnrollmentForm);
  const set = <K extends keyof AddEnrollmentForm>(key: K, value: AddEnrollmentForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const periodic = form.enrollmentType === 'periodic';

  const submit = async () => {
    const checked = addEnrollmentPayload(studentId, form);
    if (!checked.ok) {
      enqueueSnackbar(checked.message, { variant: 'warning' });
      return;
    }
    try {
      await onAdd(checked.payload);
      setForm(emptyAddEnrollmentForm());
      onClose();
    } catch {
      // the mutation showed the toast; the dialog keeps the input
    }
  };

  return (
    <FormDialog
      open={open}
      title="Kurs Kaydı Ekle"
      busy={busy}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      submitLabel="Kaydet"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label="Kurs"
          required
          value={form.courseId}
          onChange={(e) => set('courseId', e.target.value)}
          helperText={courses.length === 0 ? message('student.noOptions') : undefined}
        >
          {courses.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Kayıt türü"
          value={form.enrollmentType}
          onChange={(e) => set('enrollmentType', e.target.value as EnrollmentType)}
        >
          {ENROLLMENT_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {ENROLLMENT_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={periodic ? 'Dönem ücreti (TL)' : 'Ders ücreti (TL)'}
            required
            fullWidth
            value={form.price}
            onChange={(e) => set('price', e.target.value)}
            slotProps={{ htmlInput: { maxLength: 20, inputMode: 'decimal' } }}
          />
          <TextField
            label="İndirim (TL)"
            fullWidth
            value={form.discount}
            onChange={(e) => set('discount', e.target.value)}
            helperText="Her ücretten düşülür"
            slotProps={{ htmlInput: { maxLength: 20, inputMode: 'decimal' } }}
          />
        </Stack>
        {periodic && (
          <>
            <PeriodFields
              length={form.periodLength}
              unit={form.periodUnit}
              classesPerPeriod={form.classesPerPeriod}
              onLengthChange={(v) => set('periodLength', v)}
              onUnitChange={(v) => set('periodUnit', v)}
              onClassesPerPeriodChange={(v) => set('classesPerPeriod', v)}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DatePicker
                label="Başlangıç"
                value={form.startDate}
                onChange={(d) => set('startDate', d)}
                slotProps={{ textField: { fullWidth: true, helperText: 'Boş bırakılırsa şimdi başlar' } }}
              />
              <DatePicker
                label="Bitiş"
                value={form.endDate}
                onChange={(d) => set('endDate', d)}
                slotProps={{
                  textField: { fullWidth: true, helperText: 'İsteğe bağlı' },
                  field: { clearable: true },
                }}
              />
            </Stack>
          </>
        )}
        <FormControlLabel
          control={
            <Checkbox checked={form.isOfficial} onChange={(e) => set('isOfficial', e.target.checked)} />
          }
          label="Resmi kayıt"
        />
      </Stack>
    </FormDialog>
  );
}
