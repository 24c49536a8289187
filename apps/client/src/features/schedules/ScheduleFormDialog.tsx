import AddIcon from '@mui/icons-material/Add';
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
import { FormDialog } from '../../components/FormDialog';
import type { Course, StudentListRow } from '@okul/domain';
import { eligibleMembers, studentOptionLabel } from '../groups/groups';
import type { Group } from '../groups/types';
import { formValuesOf, type ScheduleFormValues } from './calendar';
import type { Schedule } from './types';

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
  const [v, setV] = useState<ScheduleFormValues>(() => formValuesOf(schedule));
  const [openedAt] = useState(() => Date.now());
  const set = <K extends keyof ScheduleFormValues>(k: K, value: ScheduleFormValues[K]) =>
    setV((x) => ({ ...x, [k]: value }));
  const byId = useMemo(() => new Map(students.map((s) => [s.id, s])), [students]);
  const studentOptions = useMemo(
    () => [...new Set([...v.students, ...eligibleMembers(students, v.courseId, openedAt).map((s) => s.id)])],
    [students, v.courseId, v.students, openedAt],
  );
  const groupOptions = groups
    .filter((g) => g.deletedAt === null && g.courseId === v.courseId)
    .map((g) => g.id);
  const groupTitle = (id: string) => groups.find((g) => g.id === id)?.title ?? id;
  const noCourse = !v.courseId;
  const collator = new Intl.Collator('tr');
  const instructorChoices = instructors
    .filter((i) => !i.deletedAt)
    .map((i) => ({ id: i.id, label: `${i.name} ${i.surname}` }))
    .sort((a, b) => collator.compare(a.label, b.label));
  // An edited schedule keeps an instructor who has left since, shown by the name the server answers.
  if (schedule?.instructorId && !instructorChoices.some((i) => i.id === schedule.instructorId))
    instructorChoices.push({ id: schedule.instructorId, label: schedule.instructorName ?? 'Diğer' });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (noCourse) {
      enqueueSnackbar(message('schedule.courseRequired'), { variant: 'warning' });
      return;
    }
    try {
      await onSave(v);
      onClose();
    } catch {
      // the mutation showed the toast
    }
  };

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
        <TextField
          select
          required
          label="Kurs"
          value={v.courseId}
          onChange={(e) => setV((x) => ({ ...x, courseId: e.target.value, students: [], classes: [] }))}
        >
          {courses
            .filter((c) => c.deletedAt === null)
            .map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
        </TextField>
        <TextField
          select
          label="Eğitmen"
          value={v.instructorId}
          onChange={(e) => set('instructorId', e.target.value)}
        >
          <MenuItem value="">Diğer</MenuItem>
          {instructorChoices.map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {i.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Başlık"
          value={v.title}
          onChange={(e) => set('title', e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          select
          label="Program türü"
          value={v.scheduleType}
          onChange={(e) => set('scheduleType', e.target.value as ScheduleFormValues['scheduleType'])}
        >
          <MenuItem value="periodic">Periyodik</MenuItem>
          <MenuItem value="one_off">Tek seferlik</MenuItem>
        </TextField>
        {v.slots.map((slot, i) => (
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              type="datetime-local"
              label={`Başlangıç ${i + 1}`}
              value={slot.start}
              onChange={(e) =>
                set(
                  'slots',
                  v.slots.map((s, j) => (j === i ? { ...s, start: e.target.value } : s)),
                )
              }
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <TextField
              type="datetime-local"
              label={`Bitiş ${i + 1}`}
              value={slot.end}
              onChange={(e) =>
                set(
                  'slots',
                  v.slots.map((s, j) => (j === i ? { ...s, end: e.target.value } : s)),
                )
              }
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <IconButton
              aria-label={`${i + 1}. ders saatini kaldır`}
              disabled={v.slots.length <= 1}
              onClick={() =>
                set(
                  'slots',
                  v.slots.filter((_, j) => j !== i),
                )
              }
            >
              <RemoveIcon />
            </IconButton>
          </Stack>
        ))}
        <Button
          startIcon={<AddIcon />}
          onClick={() => set('slots', [...v.slots, { start: '', end: '' }])}
          sx={{ alignSelf: 'flex-start' }}
        >
          Ders saati ekle
        </Button>
        {v.scheduleType === 'periodic' && (
          <Stack direction="row" spacing={1}>
            <TextField
              type="number"
              label="Periyot uzunluğu"
              value={v.periodLength}
              onChange={(e) => set('periodLength', e.target.value)}
              slotProps={{ htmlInput: { min: 1, max: 365 } }}
            />
            <TextField
              select
              label="Periyot birimi"
              value={v.periodUnit}
              onChange={(e) => set('periodUnit', e.target.value as ScheduleFormValues['periodUnit'])}
            >
              <MenuItem value="day">Gün</MenuItem>
              <MenuItem value="week">Hafta</MenuItem>
              <MenuItem value="month">Ay</MenuItem>
            </TextField>
            <TextField
              type="number"
              label="Tekrar sayısı"
              value={v.repeatCount}
              onChange={(e) => set('repeatCount', e.target.value)}
              slotProps={{ htmlInput: { min: 1, max: 520 } }}
            />
          </Stack>
        )}
        <Autocomplete
          multiple
          disabled={noCourse}
          options={studentOptions}
          value={v.students}
          onChange={(_, x) => set('students', x)}
          getOptionLabel={(id) => {
            const s = byId.get(id);
            return s ? studentOptionLabel(s) : id;
          }}
          filterSelectedOptions
          renderInput={(params) => <TextField {...params} label="Öğrenciler" />}
        />
        <Autocomplete
          multiple
          disabled={noCourse}
          options={groupOptions}
          value={v.classes}
          onChange={(_, x) => set('classes', x)}
          getOptionLabel={groupTitle}
          filterSelectedOptions
          renderInput={(params) => <TextField {...params} label="Gruplar" />}
        />
        <FormControlLabel
          label="Yoklama zorunlu"
          control={
            <Checkbox checked={v.attendanceMandatory} onChange={(_, c) => set('attendanceMandatory', c)} />
          }
        />
        <TextField
          label="Notlar"
          multiline
          minRows={2}
          value={v.notes}
          onChange={(e) => set('notes', e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </Stack>
    </FormDialog>
  );
}
