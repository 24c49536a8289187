import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import RemoveIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { message } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useFormState, useWatch, type Control } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { useWholeFormRevalidation } from '../../lib/use-whole-form-revalidation';
import type { Course, StudentListRow } from '@okul/domain';
import { eligibleMembers, studentOptionLabel } from '../groups/groups';
import type { ClassView as Group } from '@okul/domain';
import { formValuesOf, scheduleResolver, type ScheduleFormValues } from './calendar';
import type { ScheduleView as Schedule } from '@okul/domain';

export interface ScheduleFormDialogProps {
  schedule: Schedule | null;
  courses: Course[];
  groups: Group[];
  students: StudentListRow[];
  /** The organisation's instructors (getInstructors); the active ones are offered. */
  instructors: ReadonlyArray<{ id: string; name: string; surname: string; deletedAt?: string | null }>;
  busy: boolean;
  onClose: () => void;
  onSave: (values: ScheduleFormValues) => Promise<void>;
}

/**
 * Add or edit a schedule (product.md 5): course first (the pickers stay disabled until then; changing it
 * clears students and groups), several slots (one can be removed only while more remain), period fields for
 * a periodic schedule.
 */
export function ScheduleFormDialog({
  schedule,
  courses,
  groups,
  students,
  instructors,
  busy,
  onClose,
  onSave,
}: ScheduleFormDialogProps) {
  const form = useForm<ScheduleFormValues>({
    resolver: scheduleResolver,
    defaultValues: formValuesOf(schedule),
  });
  const { control, handleSubmit, setValue } = form;
  useWholeFormRevalidation(form);
  const slots = useFieldArray({ control, name: 'slots' });
  const [courseId, scheduleType, chosenStudents] = useWatch({
    control,
    name: ['courseId', 'scheduleType', 'students'],
  });
  const [openedAt] = useState(() => Date.now());
  const byId = useMemo(() => new Map(students.map((s) => [s.id, s])), [students]);
  const studentOptions = useMemo(
    () => [
      ...new Set([...chosenStudents, ...eligibleMembers(students, courseId, openedAt).map((s) => s.id)]),
    ],
    [students, courseId, chosenStudents, openedAt],
  );
  const groupOptions = groups.filter((g) => g.deletedAt === null && g.courseId === courseId).map((g) => g.id);
  const groupTitle = (id: string) => groups.find((g) => g.id === id)?.title ?? id;
  const noCourse = !courseId;
  const collator = new Intl.Collator('tr');
  const instructorChoices = instructors
    .filter((i) => !i.deletedAt)
    .map((i) => ({ id: i.id, label: `${i.name} ${i.surname}` }))
    .sort((a, b) => collator.compare(a.label, b.label));
  // An edited schedule keeps an instructor who has left since, shown by the name the server answers.
  if (schedule?.instructorId && !instructorChoices.some((i) => i.id === schedule.instructorId))
    instructorChoices.push({ id: schedule.instructorId, label: schedule.instructorName ?? 'Diğer' });

  const submit = handleSubmit(
    async (values) => {
      try {
        await onSave(values);
        onClose();
      } catch {
        // the mutation showed the toast
      }
    },
    (errors) => {
      // product.md 5: the course comes first (Kurs ve organizasyon seçilmeli), said as a warning too.
      if (errors.courseId) enqueueSnackbar(message('schedule.courseRequired'), { variant: 'warning' });
    },
  );

  return (
    <FormDialog
      title={schedule ? 'Programı Düzenle' : 'Yeni Program'}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Kaydet"
      cancelLabel="Vazgeç"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="courseId"
          select
          required
          label="Kurs"
          onValueChange={() => {
            // product.md 5: changing the course clears the students and groups.
            setValue('students', []);
            setValue('classes', []);
          }}
        >
          {courses
            .filter((c) => c.deletedAt === null)
            .map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
        </FormTextField>
        <FormTextField control={control} name="instructorId" select label="Eğitmen">
          <MenuItem value="">Diğer</MenuItem>
          {instructorChoices.map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {i.label}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="title" label="Başlık" maxLength={200} />
        <FormTextField control={control} name="scheduleType" select label="Program türü">
          <MenuItem value="periodic">Periyodik</MenuItem>
          <MenuItem value="one_off">Tek seferlik</MenuItem>
        </FormTextField>
        {slots.fields.map((slot, i) => (
          <Stack key={slot.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FormTextField
              control={control}
              name={`slots.${i}.start`}
              type="datetime-local"
              label={`Başlangıç ${i + 1}`}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <FormTextField
              control={control}
              name={`slots.${i}.end`}
              type="datetime-local"
              label={`Bitiş ${i + 1}`}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <IconButton
              aria-label={`${i + 1}. ders saatini kaldır`}
              disabled={slots.fields.length <= 1}
              onClick={() => slots.remove(i)}
            >
              <RemoveIcon />
            </IconButton>
          </Stack>
        ))}
        <SlotsError control={control} />
        <Button
          startIcon={<AddIcon />}
          onClick={() => slots.append({ start: '', end: '' })}
          sx={{ alignSelf: 'flex-start' }}
        >
          Ders saati ekle
        </Button>
        {scheduleType === 'periodic' && (
          <Stack direction="row" spacing={1}>
            <FormTextField
              control={control}
              name="periodLength"
              type="number"
              label="Periyot uzunluğu"
              slotProps={{ htmlInput: { min: 1, max: 365 } }}
            />
            <FormTextField control={control} name="periodUnit" select label="Periyot birimi">
              <MenuItem value="day">Gün</MenuItem>
              <MenuItem value="week">Hafta</MenuItem>
              <MenuItem value="month">Ay</MenuItem>
            </FormTextField>
            <FormTextField
              control={control}
              name="repeatCount"
              type="number"
              label="Tekrar sayısı"
              slotProps={{ htmlInput: { min: 1, max: 520 } }}
            />
          </Stack>
        )}
        <Controller
          control={control}
          name="students"
          render={({ field }) => (
            <Autocomplete
              multiple
              disabled={noCourse}
              options={studentOptions}
              value={field.value}
              onChange={(_, x) => field.onChange(x)}
              getOptionLabel={(id) => {
                const s = byId.get(id);
                return s ? studentOptionLabel(s) : id;
              }}
              filterSelectedOptions
              renderInput={(params) => <TextField {...params} label="Öğrenciler" />}
            />
          )}
        />
        <Controller
          control={control}
          name="classes"
          render={({ field }) => (
            <Autocomplete
              multiple
              disabled={noCourse}
              options={groupOptions}
              value={field.value}
              onChange={(_, x) => field.onChange(x)}
              getOptionLabel={groupTitle}
              filterSelectedOptions
              renderInput={(params) => <TextField {...params} label="Gruplar" />}
            />
          )}
        />
        <Controller
          control={control}
          name="attendanceMandatory"
          render={({ field }) => (
            <FormControlLabel
              label="Yoklama zorunlu"
              control={<Checkbox checked={field.value} onChange={(_, c) => field.onChange(c)} />}
            />
          )}
        />
        <FormTextField control={control} name="notes" label="Notlar" multiline minRows={2} maxLength={1000} />
      </Stack>
    </FormDialog>
  );
}

/** The slots' one message (the schema checks them as a list: none complete, or one ending before it starts). */
function SlotsError({ control }: { control: Control<ScheduleFormValues> }) {
  const { errors } = useFormState({ control, name: 'slots' });
  const text = (errors.slots as { message?: string } | undefined)?.message ?? errors.root?.message;
  return text ? <Alert severity="error">{text}</Alert> : null;
}
