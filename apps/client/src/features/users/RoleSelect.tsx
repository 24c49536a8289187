import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { ASSIGNABLE_ROLE_OPTIONS } from './users';

/** A select of the assignable roles (product.md 6); '' while none is chosen. */
export function RoleSelect({
  value,
  onChange,
  onBlur,
  inputRef,
  name,
  error,
  label = 'Rol',
}: {
  value: number | '' | undefined;
  onChange: (v: number | '') => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  error?: string;
  label?: string;
}) {
  return (
    <TextField
      select
      label={label}
      name={name}
      inputRef={inputRef}
      value={value ?? ''}
      onBlur={onBlur}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      error={!!error}
      helperText={error ?? ' '}
      fullWidth
      required
    >
      {ASSIGNABLE_ROLE_OPTIONS.map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {r.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The role select wired to a react-hook-form field holding a role id ('' while none is chosen). */
export function RoleField<T extends FieldValues, TOutput = T>({
  control,
  name,
}: {
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RoleSelect
          name={field.name}
          value={field.value as number | ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
