import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A react-hook-form day (a Date or null) as the panel's date picker; its validation message, or the hint,
 * below it.
 */
export function FormDatePicker<T extends FieldValues, O>({
  control,
  name,
  label,
  hint,
  clearable = false,
  invalid = false,
}: {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  /** An optional day (e.g. an end) may be emptied again. */
  clearable?: boolean;
  /** Marks the field while a form-wide warning names it (the warning says why, not the field). */
  invalid?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePicker
          label={label}
          value={field.value ?? null}
          onChange={(d) => field.onChange(d)}
          slotProps={{
            textField: {
              fullWidth: true,
              inputRef: field.ref,
              onBlur: field.onBlur,
              error: !!fieldState.error || invalid,
              helperText: fieldState.error?.message ?? hint,
            },
            ...(clearable ? { field: { clearable: true } } : {}),
          }}
        />
      )}
    />
  );
}
