import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import type { StudentListRow } from '@okul/domain';
import { eligibleMembers, studentOptionLabel } from './groups';
import type { ClassView as Group } from '@okul/domain';

export interface MembersDialogProps {
  group: Group;
  students: StudentListRow[];
  busy: boolean;
  onClose: () => void;
  onSave: (studentIds: string[]) => Promise<unknown>;
}

/**
 * The member picker: search among the students enrolled in the group's course (product.md 5). Members whose
 * enrolment has ended stay listed, marked "Kaydı bitmiş" (docs/DECISIONS.md).
 */
export function MembersDialog({ group, students, busy, onClose, onSave }: MembersDialogProps) {
  const [selected, setSelected] = useState<string[]>(group.members);
  // The moment the dialog opened: eligibility is judged then (an enrolment ending while it is open is rare).
  const [openedAt] = useState(() => Date.now());
  const byId = useMemo(() => new Map(students.map((s) => [s.id, s])), [students]);
  const options = useMemo(() => {
    const eligible = eligibleMembers(students, group.courseId, openedAt).map((s) => s.id);
    // Current members stay choosable even when no longer eligible.
    return [...new Set([...group.members, ...eligible])];
  }, [students, group, openedAt]);
  const ended = new Set(group.endedMembers);
  const label = (id: string) => {
    const s = byId.get(id);
    return s ? studentOptionLabel(s) : id;
  };
  const changed =
    selected.length !== group.members.length || selected.some((id, i) => id !== group.members[i]);

  return (
    <FormDialog
      title={`${group.title}: Üyeler`}
      busy={busy}
      onClose={onClose}
      submitDisabled={!changed}
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await onSave(selected);
          onClose();
        } catch {
          // toast shown by the mutation
        }
      }}
      submitLabel="Kaydet"
      cancelLabel="Vazgeç"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Yalnızca bu kursa kaydı olan öğrenciler seçilebilir.
        </Typography>
        <Autocomplete
          multiple
          options={options}
          value={selected}
          onChange={(_, v) => setSelected(v)}
          getOptionLabel={label}
          filterSelectedOptions
          noOptionsText="Kursa kayıtlı öğrenci bulunamadı"
          renderValue={(value, getItemProps) =>
            value.map((id, index) => {
              const { key, ...rest } = getItemProps({ index });
              return (
                <Chip
                  key={key}
                  {...rest}
                  label={ended.has(id) ? `${label(id)} (Kaydı bitmiş)` : label(id)}
                  color={ended.has(id) ? 'warning' : 'default'}
                  size="small"
                />
              );
            })
          }
          renderInput={(params) => <TextField {...params} label="Öğrenci ara" placeholder="No veya isim" />}
        />
      </Stack>
    </FormDialog>
  );
}
