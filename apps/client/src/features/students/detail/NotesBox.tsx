import { zodResolver } from '@hookform/resolvers/zod';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { STUDENT_LIMITS, message, studentInputSchema } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { ApiError, errorText } from '../../../api/client';
import { FormTextField } from '../../../components/FormTextField';
import { useOrgId } from '../../auth/useSession';
import { notesPayload } from '../form/student-form';
import { withPrefix } from '../messages';
import { useStudentWrite } from '../queries';
import type { Student } from '@okul/domain';

/** The notes as the student form checks them (trimmed, at most the catalogue's limit, blank as none). */
const notesResolver = zodResolver(studentInputSchema.pick({ notes: true })) as unknown as Resolver<
  { notes: string },
  unknown,
  { notes: string | null }
>;

/** product.md 2 and 6: the notes box (school-admin), saved through editStudent with the rest unchanged. */
export function NotesBox({ student }: { student: Student }) {
  const orgId = useOrgId();
  const { control, handleSubmit } = useForm<{ notes: string }, unknown, { notes: string | null }>({
    resolver: notesResolver,
    defaultValues: { notes: student.notes ?? '' },
  });
  const notes = useWatch({ control, name: 'notes' });
  const save = useStudentWrite<unknown>(orgId, 'editStudent', {
    success: message('student.noteSaved'),
    failure: null,
  });
  const changed = notes.trim() !== (student.notes ?? '').trim();

  const submit = handleSubmit(({ notes }) =>
    save.mutate(notesPayload(student, notes ?? ''), {
      onError: (error) => {
        // api.md 8.3 Notes: no answer "Not güncellenemedi: Bağlantı hatası"; a refusal "Not kaydedilemedi."
        const text =
          error instanceof ApiError && error.status === 0
            ? withPrefix(message('student.noteUpdateFailed'), error.message)
            : `${message('student.noteSaveFailed')}\n${errorText(error)}`;
        enqueueSnackbar(text, { variant: 'error', style: { whiteSpace: 'pre-line' } });
      },
    }),
  );

  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Notlar
        </Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <FormTextField
            control={control}
            name="notes"
            label="Öğrenci notları"
            fullWidth
            multiline
            minRows={2}
            maxRows={6}
            disabled={!!student.deletedAt}
            maxLength={STUDENT_LIMITS.notes}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button
              type="submit"
              startIcon={<SaveIcon />}
              variant="outlined"
              disabled={!changed || save.isPending || !!student.deletedAt}
            >
              Notu Kaydet
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
