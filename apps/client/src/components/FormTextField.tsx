import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { digitsOnly } from '../lib/format';
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
  /** A numeric-only field of at most this many digits (phone, TCKN, date parts). */
  digits?: number;
  maxLength?: number;
};

/** A react-hook-form text field: the field's value and handlers, and its validation message below it. */
export function FormTextField<T extends FieldValues, TOutput = T>({
  control,
  name,
  hint,
  digits,
  maxLength,
  ...props
}: FormTextFieldProps<T, TOutput>) {
  const limit = digits ?? maxLength;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...props}
          onChange={(e) => field.onChange(digits ? digitsOnly(e.target.value, digits) : e.target.value)}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
          slotProps={{
            ...props.slotProps,
            htmlInput: {
              // A caller's own input attributes (e.g. maxLength) are kept.
              ...(props.slotProps?.htmlInput as Record<string, unknown> | undefined),
              ...(limit ? { maxLength: limit } : {}),
              ...(digits ? { inputMode: 'numeric', pattern: '[0-9]*' } : {}),
            },
          }}
        />
      )}
    />
  );
}
