import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { GRADE_LIMITS, type Grade } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { emptyGradeForm, gradeFormOf, gradePayload, type GradeForm, type GradeGroup } from './grades';

export interface GradeDialogProps {
  studentId: string;
  /** null adds a grade; a grade edits its group, value, period and notes (its course stays). */
  grade: Grade | null;
  courses: Array<{ id: string; name: string }>;
  /** The groups of a course that hold the student (product.md 5); empty when groups cannot be read. */
  groupsOf: (courseId: string) => GradeGroup[];
  defaultCourseId: string;
  busy: boolean;
  onClose: () => void;
  onSave: (payload: Record<string, unknown>) => Promise<unknown>;
}

/** product.md 5 Grade: the course is required, the group optional among those holding the student. */
export function GradeDialog({
  studentId,
  grade,
  courses,
  groupsOf,
  defaultCourseId,
  busy,
  onClose,
  onSave,
}: GradeDialogProps) {
  const editing = grade !== null;
  const [form, setForm] = useState<GradeForm>(() =>
    grade ? gradeFormOf(grade) : emptyGradeForm(defaultCourseId),
  );
  const set = <K extends keyof GradeForm>(key: K, value: GradeForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const groups = form.courseId ? groupsOf(form.courseId) : [];
  // An edit may keep a group the student has left since (docs/DECISIONS.md): it stays choosable.
  const groupOptions =
    grade?.classId && !groups.some((g) => g.id === grade.classId)
      ? [...groups, { id: grade.classId, title: 'Önceki grup' }]
      : groups;

  const submit = async () => {
    const checked = gradePayload(studentId, grade, form);
    if (!checked.ok) {
      enqueueSnackbar(checked.message, { variant: 'warning' });
      return;
    }
    try {
      await onSave(checked.payload);
      onClose();
    } catch {
      // the mutation showed "Not kaydedilemedi: …" / "Not güncellenemedi: …"
    }
  };

  return (
    <FormDialog
      title={editing ? 'Notu Düzenle' : 'Not Ekle'}
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
          disabled={editing}
          value={form.courseId}
          onChange={(e) => setForm((f) => ({ ...f, courseId: e.target.value, classId: '' }))}
          helperText={courses.length === 0 ? 'Seçenek bulunamadı' : undefined}
        >
          {courses.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Grup"
          value={form.classId}
          onChange={(e) => set('classId', e.target.value)}
          helperText="İsteğe bağlı: yalnızca öğrencinin bu kurstaki grupları"
        >
          <MenuItem value="">
            <em>Grup yok</em>
          </MenuItem>
          {groupOptions.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Not"
          required
          autoFocus
          value={form.gradeValue}
          onChange={(e) => set('gradeValue', e.target.value)}
          helperText="Sayı veya harf notu (ör. 85, AA)"
          slotProps={{ htmlInput: { maxLength: GRADE_LIMITS.value } }}
        />
        <TextField
          label="Dönem"
          value={form.gradePeriod}
          onChange={(e) => set('gradePeriod', e.target.value)}
          placeholder="ör. 1. dönem"
          slotProps={{ htmlInput: { maxLength: GRADE_LIMITS.period } }}
        />
        <TextField
          label="Açıklama"
          multiline
          minRows={2}
          value={form.notes}
          onChange={(e) => set('notes', e.target.value)}
          slotProps={{ htmlInput: { maxLength: GRADE_LIMITS.notes } }}
        />
      </Stack>
    </FormDialog>
  );
}
