import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { addCourseSchema, editCourseSchema, type AddCourseInput, type EditCourseInput } from '@okul/domain';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/client';
import { ImageUpload } from '../../components/ImageUpload';
import { uploadImage } from '../../lib/image-upload';
import { useOrgId } from '../auth/useSession';
import { courseKeys } from './queries';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import type { Course } from '@okul/domain';

type FormValues = Omit<z.input<typeof editCourseSchema>, 'id'> & { id?: string };

// product.md 5 Course: the server's schema, so a field shows the message the server would answer.
const addResolver = zodResolver(addCourseSchema) as unknown as Resolver<FormValues, unknown, AddCourseInput>;
const editResolver = zodResolver(editCourseSchema) as unknown as Resolver<
  FormValues,
  unknown,
  EditCourseInput
>;

/** The form's starting values: only the schema's fields (the schemas are strict: unknown fields refused). */
function initialValues(course: Course | null): FormValues {
  if (!course)
    return { name: '', courseExplanation: '', code: '', isGroupCourse: false, isPrivateCourse: false };
  return {
    id: course.id,
    name: course.name,
    courseExplanation: course.courseExplanation ?? '',
    code: course.code ?? '',
    isGroupCourse: !!course.isGroupCourse,
    isPrivateCourse: !!course.isPrivateCourse,
    index: course.index,
  };
}

export interface CourseFormDialogProps {
  open: boolean;
  /** null adds a course; a course edits it. */
  course: Course | null;
  busy: boolean;
  onClose: () => void;
  onAdd: (input: AddCourseInput) => Promise<unknown>;
  onEdit: (input: EditCourseInput) => Promise<unknown>;
}

export function CourseFormDialog({ open, course, busy, onClose, onAdd, onEdit }: CourseFormDialogProps) {
  const editing = course !== null;
  const { control, handleSubmit, reset } = useForm<FormValues, unknown, AddCourseInput | EditCourseInput>({
    resolver: editing ? editResolver : addResolver,
    defaultValues: initialValues(course),
  });

  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const [pendingCover, setPendingCover] = useState<File | null>(null);
  const refreshList = () => queryClient.invalidateQueries({ queryKey: courseKeys.list(orgId) });

  useEffect(() => {
    if (open) reset(initialValues(course));
  }, [open, course, reset]);

  const submit = handleSubmit(async (values) => {
    // product.md 5 (trimming rule): blank optional text is sent as null.
    const code = values.code?.trim() ? values.code.trim() : null;
    try {
      const saved = editing
        ? await onEdit({ ...(values as EditCourseInput), code })
        : await onAdd({ ...(values as AddCourseInput), code });
      // A cover picked for a new course goes up once the course has its id (api.md 7.5 courses/{id}).
      const id = course?.id ?? (saved as { id?: string } | undefined)?.id;
      if (pendingCover && id) {
        try {
          await uploadImage(orgId, { target: 'course', id }, pendingCover, () => {});
          await refreshList();
        } catch (e) {
          // api.md 8.4 Media: Fotoğraf yüklenemedi
          enqueueSnackbar(`Fotoğraf yüklenemedi: ${errorText(e)}`, { variant: 'error' });
        }
      }
      setPendingCover(null);
      onClose();
    } catch {
      // the mutation already showed the error toast; the dialog stays open with the user's input
    }
  });

  return (
    <FormDialog
      open={open}
      title={editing ? 'Kursu Düzenle' : 'Yeni Kurs'}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={busy ? 'Kaydediliyor' : editing ? 'Güncelle' : 'Kaydet'}
      cancelLabel="Vazgeç"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ImageUpload
          key={course?.id ?? 'new'}
          orgId={orgId}
          label="Kapak görseli"
          shape="cover"
          url={course?.coverPhoto ?? null}
          target={course ? { target: 'course', id: course.id } : null}
          onPendingFile={setPendingCover}
          onUploaded={() => void refreshList()}
        />
        <FormTextField
          control={control}
          name="name"
          label="Kurs adı"
          required
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <FormTextField
          control={control}
          name="courseExplanation"
          label="Açıklama"
          required
          fullWidth
          multiline
          minRows={3}
          maxRows={12}
          slotProps={{ htmlInput: { maxLength: 10000 } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="code"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                label="Kurs kodu"
                fullWidth
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: 50 } }}
              />
            )}
          />
          {editing && (
            <Controller
              control={control}
              name="index"
              render={({ field, fieldState }) => (
                <TextField
                  name={field.name}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
                  label="Sıra"
                  type="number"
                  fullWidth
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? 'Listede küçük sıra numarası önce gelir.'}
                  slotProps={{ htmlInput: { min: 0, step: 1 } }}
                />
              )}
            />
          )}
        </Stack>
        <FormGroup row>
          <Controller
            control={control}
            name="isGroupCourse"
            render={({ field }) => (
              <FormControlLabel
                label="Grup kursu"
                control={<Checkbox checked={!!field.value} onChange={(_, v) => field.onChange(v)} />}
              />
            )}
          />
          <Controller
            control={control}
            name="isPrivateCourse"
            render={({ field }) => (
              <FormControlLabel
                label="Özel ders"
                control={<Checkbox checked={!!field.value} onChange={(_, v) => field.onChange(v)} />}
              />
            )}
          />
        </FormGroup>
      </Stack>
    </FormDialog>
  );
}
