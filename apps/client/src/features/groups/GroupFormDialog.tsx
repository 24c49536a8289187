import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { createClassSchema, message, type CreateClassInput, type EditClassInput } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import type { Course } from '@okul/domain';
import type { ClassView as Group } from '@okul/domain';

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

// product.md 5 Group: the server's schema; the form holds every field as text (blank optional text is null).
const resolver = zodResolver(createClassSchema) as unknown as Resolver<Values, unknown, CreateClassInput>;

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
  const { control, handleSubmit } = useForm<Values, unknown, CreateClassInput>({
    resolver,
    defaultValues: initial(group),
  });
  const courseId = useWatch({ control, name: 'courseId' });

  const submit = handleSubmit(
    async (input) => {
      try {
        if (group) await onEdit({ ...input, id: group.id });
        else await onCreate(input);
        onClose();
      } catch {
        // the mutation showed the toast; the dialog keeps the input
      }
    },
    // product.md 5: a failed validation warns "Eksik veya hatalı alanlar var".
    () => enqueueSnackbar(message('class.invalidFields'), { variant: 'warning' }),
  );

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
        <FormTextField
          control={control}
          name="courseId"
          select
          label="Kurs"
          required
          disabled={group !== null}
          hint={group ? 'Grubun kursu değiştirilemez.' : undefined}
        >
          {courses
            .filter((c) => c.deletedAt === null || c.id === courseId)
            .map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
        </FormTextField>
        {FIELDS.map(([key, label, max]) => (
          <FormTextField
            key={key}
            control={control}
            name={key}
            label={label}
            required={key === 'title'}
            multiline={max > 100 && key !== 'title'}
            minRows={max > 100 && key !== 'title' ? 2 : undefined}
            maxLength={max}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}
