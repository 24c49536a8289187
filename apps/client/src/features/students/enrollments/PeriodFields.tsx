import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { ENROLLMENT_PERIOD_UNITS } from '@okul/domain';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField';
import { PERIOD_UNIT_LABELS } from './enrollment-form';

export interface PeriodFieldsProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  /** The form's fields of the period: the add form and the edit draft name them differently. */
  names: { length: FieldPath<T>; unit: FieldPath<T>; classesPerPeriod: FieldPath<T> };
}

/** The period of a periodic enrolment (length, unit, classes per period), as added and as edited. */
export function PeriodFields<T extends FieldValues, O>({ control, names }: PeriodFieldsProps<T, O>) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {/* product.md 5: period length and classes per period at most 3 digits */}
      <FormTextField control={control} name={names.length} label="Dönem uzunluğu" fullWidth digits={3} />
      <FormTextField control={control} name={names.unit} select label="Dönem birimi" fullWidth>
        {ENROLLMENT_PERIOD_UNITS.map((u) => (
          <MenuItem key={u} value={u}>
            {PERIOD_UNIT_LABELS[u]}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name={names.classesPerPeriod}
        label="Dönem başına ders"
        fullWidth
        digits={3}
      />
    </Stack>
  );
}
