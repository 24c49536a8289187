import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ENROLLMENT_PERIOD_UNITS, type EnrollmentPeriodUnit } from '@okul/domain';
import { digitsOnly } from '../../../lib/format';
import { PERIOD_UNIT_LABELS } from './enrollment-form';

export interface PeriodFieldsProps {
  length: string;
  unit: EnrollmentPeriodUnit;
  classesPerPeriod: string;
  onLengthChange: (value: string) => void;
  onUnitChange: (value: EnrollmentPeriodUnit) => void;
  onClassesPerPeriodChange: (value: string) => void;
}

/** The period of a periodic enrolment (length, unit, classes per period), as added and as edited. */
export function PeriodFields({
  length,
  unit,
  classesPerPeriod,
  onLengthChange,
  onUnitChange,
  onClassesPerPeriodChange,
}: PeriodFieldsProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        label="Dönem uzunluğu"
        fullWidth
        value={length}
        onChange={(e) => onLengthChange(digitsOnly(e.target.value, 3))}
        slotProps={{ htmlInput: { maxLength: 3, inputMode: 'numeric' } }}
      />
      <TextField
        select
        label="Dönem birimi"
        fullWidth
        value={unit}
        onChange={(e) => onUnitChange(e.target.value as EnrollmentPeriodUnit)}
      >
        {ENROLLMENT_PERIOD_UNITS.map((u) => (
          <MenuItem key={u} value={u}>
            {PERIOD_UNIT_LABELS[u]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Dönem başına ders"
        fullWidth
        value={classesPerPeriod}
        onChange={(e) => onClassesPerPeriodChange(digitsOnly(e.target.value, 3))}
        slotProps={{ htmlInput: { maxLength: 3, inputMode: 'numeric' } }}
      />
    </Stack>
  );
}
