import MenuItem from '@mui/material/MenuItem';
import { message } from '@okul/domain';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './FormTextField';

export interface CourseFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  /** The courses offered; none shows the catalogue's "no options" hint under the field. */
  courses: ReadonlyArray<{ id: string; name: string }>;
  /** An edit keeps the course of what it edits. */
  disabled?: boolean;
  onValueChange?: (value: unknown) => void;
}

/** The required Kurs select of the student's dialogs (enrolment, payment, grade). */
export function CourseField<T extends FieldValues, O>({
  control,
  name,
  courses,
  disabled,
  onValueChange,
}: CourseFieldProps<T, O>) {
  return (
    <FormTextField
      control={control}
      name={name}
      select
      label="Kurs"
      required
      disabled={disabled}
      onValueChange={onValueChange}
      hint={courses.length === 0 ? message('student.noOptions') : undefined}
    >
      {courses.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
