import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/format';
import { CARD_RADIUS } from '../../theme';
import { useReadySession } from '../auth/useSession';
import { HistoryButton } from '../history/HistoryDialog';
import { ROLES, hasRole } from '@okul/domain';
import { formatAttendanceTime, instructorLabel, studentLabel } from './attendance-helpers';
import { attendanceKeys, attendanceQueryOptions, useDeleteAttendance } from './queries';
import { StudentLink } from '../../components/StudentLink';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="overline" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Grid>
  );
}

/** Who created or last edited the attendance, and when. */
function ByWhom({ name, at }: { name: string | null; at: string | null }) {
  return (
    <>
      {name ?? '—'}
      {at && (
        <Typography variant="body2" color="text.secondary" component="span">
          {' '}
          ({formatDateTime(at)})
        </Typography>
      )}
    </>
  );
}

/**
 * /giris/yoklama-detay/{attendanceDBID} (school-instructor): date, course, instructor, creator, last editor,
 * code and attendees (each linking to the student), with edit and delete (product.md 2).
 */
export function AttendanceDetailPage({ attendanceId }: { attendanceId: string }) {
  const { organization, role } = useReadySession();
  const orgId = organization.id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: a } = useSuspenseQuery(attendanceQueryOptions(orgId, attendanceId));
  const deleteAttendance = useDeleteAttendance(orgId);
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <PageHeader
        title="Yoklama Detayı"
        subtitle={a.code}
        actions={
          <>
            <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate({ to: '/giris/yoklamalar' })}>
              Yoklamalar
            </Button>
            {hasRole(role, ROLES.schoolAdmin) && (
              <HistoryButton kind="attendance" id={a.id} title={`Yoklama ${a.code}`} variant="button" />
            )}
            <Button
              variant="contained"
              startIcon={<EditIcon />}
              onClick={() =>
                void navigate({
                  to: '/giris/yoklama-duzenle/$attendanceDBID',
                  params: { attendanceDBID: a.id },
                })
              }
            >
              Düzenle
            </Button>
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteIcon />}
              onClick={() => setConfirming(true)}
            >
              Sil
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: `${CARD_RADIUS}px`, maxWidth: 820 }}>
        <Grid container spacing={2}>
          <Field label="Tarih">{formatAttendanceTime(a)}</Field>
          <Field label="Ders">{a.courseName ?? '—'}</Field>
          <Field label="Eğitmen">{instructorLabel(a)}</Field>
          <Field label="Yoklama kodu">{a.code}</Field>
          <Field label="Oluşturan">
            <ByWhom name={a.createdByName} at={a.createdAt} />
          </Field>
          <Field label="Son düzenleyen">
            <ByWhom name={a.editedByName} at={a.editedAt} />
          </Field>
        </Grid>
        <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
          Katılan öğrenciler ({a.students.length})
        </Typography>
        <List dense aria-label="Katılan öğrenciler">
          {a.students.map((s) => (
            <ListItem key={s.id} disableGutters>
              {s.studentNumber !== null ? (
                <StudentLink studentNumber={s.studentNumber}>{studentLabel(s)}</StudentLink>
              ) : (
                studentLabel(s)
              )}
            </ListItem>
          ))}
        </List>
      </Paper>

      <ConfirmDialog
        open={confirming}
        title="Yoklamayı sil"
        confirmLabel="Sil"
        destructive
        busy={deleteAttendance.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          deleteAttendance.mutate(
            { id: a.id },
            // product.md 2: after deleting the user returns to the list
            {
              onSuccess: async () => {
                await navigate({ to: '/giris/yoklamalar' });
                // gone for good: a later visit must not show it from the cache
                queryClient.removeQueries({ queryKey: attendanceKeys.one(orgId, a.id), exact: true });
              },
            },
          )
        }
      >
        <strong>{a.code}</strong> kodlu yoklamayı ({formatAttendanceTime(a)}, {a.courseName ?? '—'}) silmek
        istediğinize emin misiniz? Silinen yoklama geri getirilemez.
      </ConfirmDialog>
    </>
  );
}
