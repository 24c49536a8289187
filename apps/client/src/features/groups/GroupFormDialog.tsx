import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { createClassSchema, message, type CreateClassInput, type EditClassInput } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import type { Course } from '@okul/domain';
import type { Group } from './types';

const FIELDS = [
  ['title', 'Grup adı', 200],
  ['classCode', 'Grup kodu', 100],
  ['level', 'Seviye', 100],
  ['ageGroup', 'Yaş grubu', 100],
  ['description', 'Açıklama', 1000],
  ['notes', 'Notlar', 1000],
] as const;

type Values = Record<(typeof FIELDS)[number][0], string> & { courseId: string };

const initial = (g: Group | null): Values => ({
  courseId: g?.courseId ?? '',
  title: g?.title ?? '',
  classCode: g?.classCode ?? '',
  level: g?.level ?? '',
  ageGroup: g?.ageGroup ?? '',
  description: g?.description ?? '',
  notes: g?.notes ?? '',
});

export interface GroupFormDialogProps {
  group: Group | null;
  courses: Course[];
  busy: boolean;
  onClose: () => void;
  onCreate: (input: CreateClassInput) => Promise<unknown>;
  onEdit: (input: EditClassInput) => Promise<unknown>;
}

/** Add or edit a group. product.md 5: title and course required; the course cannot change on edit. */
export function GroupFormDialog({ group, courses, busy, onClose, onCreate, onEdit }: GroupFormDialogProps) {
  const [values, setValues] = useState<Values>(() => initial(group));
  const [tried, setTried] = useState(false);
  const parsed = createClassSchema.safeParse(values);
  const set = (k: keyof Values) => (e: { target: { value: string } }) =>
    setValues({ ...values, [k]: e.target.value });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!parsed.success) {
      // product.md 5: a failed validation warns "Eksik veya hatalı alanlar var".
      enqueueSnackbar(message('class.invalidFields'), { variant: 'warning' });
      return;
    }
    try {
      if (group) await onEdit({ ...parsed.data, id: group.id });
      else await onCreate(parsed.data);
      onClose();
    } catch {
      // the mutation showed the toast; the dialog keeps the input
    }
  };

  return (
    <FormDialog
      title={group ? 'Grubu Düzenle' : 'Yeni Grup'}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={group ? 'Güncelle' : 'Kaydet'}
      cancelLabel="Vazgeç"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label="Kurs"
          required
          value={values.courseId}
          onChange={set('courseId')}
          disabled={group !== null}
          error={tried && !values.courseId}
          helperText={group ? 'Grubun kursu değiştirilemez.' : undefined}
        >
          {courses
            .filter((c) => c.deletedAt === null || c.id === values.courseId)
            .map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
        </TextField>
        {FIELDS.map(([key, label, max]) => (
          <TextField
            key={key}
            label={label}
            required={key === 'title'}
            value={values[key]}
            onChange={set(key)}
            error={tried && key === 'title' && !values.title.trim()}
            multiline={max > 100 && key !== 'title'}
            minRows={max > 100 && key !== 'title' ? 2 : undefined}
            slotProps={{ htmlInput: { maxLength: max } }}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}
