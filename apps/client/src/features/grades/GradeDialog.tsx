import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { GRADE_LIMITS, type Grade } from '@okul/domain';
import { useCallback } from 'react';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { CourseField } from '../../components/CourseField';
import { useCheckedDialogForm } from '../../lib/checked-resolver';
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
  const check = useCallback((form: GradeForm) => gradePayload(studentId, grade, form), [studentId, grade]);
  const { control, submit, setValue } = useCheckedDialogForm({
    check,
    defaultValues: grade ? gradeFormOf(grade) : emptyGradeForm(defaultCourseId),
    onSave,
    onClose,
  });
  const courseId = useWatch({ control, name: 'courseId' });
  const groups = courseId ? groupsOf(courseId) : [];
  // An edit may keep a group the student has left since (docs/DECISIONS.md): it stays choosable.
  const groupOptions =
    grade?.classId && !groups.some((g) => g.id === grade.classId)
      ? [...groups, { id: grade.classId, title: 'Önceki grup' }]
      : groups;

  return (
    <FormDialog
      title={editing ? 'Notu Düzenle' : 'Not Ekle'}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Kaydet"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <CourseField
          control={control}
          name="courseId"
          courses={courses}
          disabled={editing}
          onValueChange={() => setValue('classId', '')}
        />
        <FormTextField
          control={control}
          name="classId"
          select
          label="Grup"
          hint="İsteğe bağlı: yalnızca öğrencinin bu kurstaki grupları"
        >
          <MenuItem value="">
            <em>Grup yok</em>
          </MenuItem>
          {groupOptions.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.title}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="gradeValue"
          label="Not"
          required
          autoFocus
          hint="Sayı veya harf notu (ör. 85, AA)"
          maxLength={GRADE_LIMITS.value}
        />
        <FormTextField
          control={control}
          name="gradePeriod"
          label="Dönem"
          placeholder="ör. 1. dönem"
          maxLength={GRADE_LIMITS.period}
        />
        <FormTextField
          control={control}
          name="notes"
          label="Açıklama"
          multiline
          minRows={2}
          maxLength={GRADE_LIMITS.notes}
        />
      </Stack>
    </FormDialog>
  );
}
