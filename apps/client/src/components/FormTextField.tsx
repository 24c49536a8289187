import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues, TOutput = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'
> & {
  // the form's control, whatever its context and parsed (zod output) types
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  /** Shown under the field while it has no error (a validation message takes its place). */
  hint?: string;
};

/** A react-hook-form text field: the field's value and handlers, and its validation message below it. */
export function FormTextField<T extends FieldValues, TOutput = T>({
  control,
  name,
  hint,
  ...props
}: FormTextFieldProps<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...props}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
        />
      )}
    />
  );
}
