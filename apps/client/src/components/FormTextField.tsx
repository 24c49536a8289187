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
  /** Turns what the input holds into the form's value (a select's number, a multiple select's list, '' as null). */
  parse?: (raw: unknown) => unknown;
  /** Called with the new value after a change by the user (e.g. a course change clears its students). */
  onValueChange?: (value: unknown) => void;
  /** Marks the field while a form-wide warning names it (the warning says why, not the field). */
  invalid?: boolean;
};

/** A react-hook-form text field: the field's value and handlers, and its validation message below it. */
export function FormTextField<T extends FieldValues, TOutput = T>({
  control,
  name,
  hint,
  digits,
  maxLength,
  parse,
  onValueChange,
  invalid = false,
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
          // a null value (none chosen) shows as the empty option
          value={field.value ?? ''}
          onChange={(e) => {
            const raw: unknown = e.target.value;
            const value = digits ? digitsOnly(String(raw), digits) : parse ? parse(raw) : raw;
            field.onChange(value);
            onValueChange?.(value);
          }}
          error={!!fieldState.error || invalid}
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
