import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode, type Ref } from 'react';

export type TextInputProps = Pick<
  OutlinedInputProps,
  | 'type'
  | 'autoComplete'
  | 'autoFocus'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'name'
  | 'disabled'
  | 'error'
  | 'fullWidth'
> & {
  label: string;
  helperText?: ReactNode;
  /** The input element (react-hook-form's field ref focuses it). */
  ref?: Ref<HTMLInputElement>;
};

/**
 * The outlined TextField of the public pages, put together from its parts as TextField does (same markup,
 * label and helper text linked by id). MUI's TextField imports Select, Menu and Popover whether or not it
 * is a select, which the login page's first load does not need.
 */
export function TextInput({ label, helperText, error, disabled, fullWidth, ref, ...input }: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl error={error} disabled={disabled} fullWidth={fullWidth}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        aria-describedby={helperId}
        fullWidth={fullWidth}
        inputRef={ref}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
