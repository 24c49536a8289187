import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
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
