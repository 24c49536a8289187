import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { ENROLLMENT_TYPES } from '@okul/domain';
import { useCallback } from 'react';
import { useWatch } from 'react-hook-form';
import { CourseField } from '../../../components/CourseField';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { FormDatePicker } from '../../../components/FormDatePicker';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { useCheckedDialogForm } from '../../../lib/checked-resolver';
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
  const check = useCallback((form: AddEnrollmentForm) => addEnrollmentPayload(studentId, form), [studentId]);
  const { control, submit } = useCheckedDialogForm({
    check,
    defaultValues: emptyAddEnrollmentForm(),
    onSave: onAdd,
    onClose,
    // the dialog stays mounted: the next enrolment starts from an empty form
    resetOnSave: true,
  });
  const periodic = useWatch({ control, name: 'enrollmentType' }) === 'periodic';

  return (
    <FormDialog
      open={open}
      title="Kurs Kaydı Ekle"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Kaydet"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <CourseField control={control} name="courseId" courses={courses} />
        <FormTextField control={control} name="enrollmentType" select label="Kayıt türü">
          {ENROLLMENT_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {ENROLLMENT_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </FormTextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="price"
            label={periodic ? 'Dönem ücreti (TL)' : 'Ders ücreti (TL)'}
            required
            fullWidth
            maxLength={20}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <FormTextField
            control={control}
            name="discount"
            label="İndirim (TL)"
            fullWidth
            hint="Her ücretten düşülür"
            maxLength={20}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Stack>
        {periodic && (
          <>
            <PeriodFields
              control={control}
              names={{ length: 'periodLength', unit: 'periodUnit', classesPerPeriod: 'classesPerPeriod' }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormDatePicker
                control={control}
                name="startDate"
                label="Başlangıç"
                hint="Boş bırakılırsa şimdi başlar"
              />
              <FormDatePicker control={control} name="endDate" label="Bitiş" hint="İsteğe bağlı" clearable />
            </Stack>
          </>
        )}
        <FormCheckbox control={control} name="isOfficial" label="Resmi kayıt" />
      </Stack>
    </FormDialog>
  );
}
