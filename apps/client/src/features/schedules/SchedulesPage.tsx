import trLocale from '@fullcalendar/core/locales/tr';
import type { DatesSetArg, EventClickArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import AddIcon from '@mui/icons-material/Add';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { message } from '@okul/domain';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useOrgId } from '../auth/useSession';
import { coursesQueryOptions } from '../courses/queries';
import { instructorsQueryOptions } from '../employees/queries';
import { groupsQueryOptions } from '../groups/queries';
import { studentListQueryOptions } from '../students/queries';
import { addBodyOf, changedDetails, courseColor, membersChanged, type ScheduleFormValues } from './calendar';
import { CalendarFeedsDialog } from './CalendarFeedsDialog';
import { ScheduleFormDialog } from './ScheduleFormDialog';
import {
  occurrencesQueryOptions,
  schedulesQueryOptions,
  useAddSchedule,
  useDeleteSchedule,
  useUpdateScheduleDetails,
  useUpdateScheduleMembers,
} from './queries';
import type { OccurrenceView as Occurrence, ScheduleView as Schedule } from '@okul/domain';

type Editing = { mode: 'add' } | { mode: 'edit'; schedule: Schedule } | null;

/**
 * /giris/programlar (school-admin): every lesson of the schedules on a calendar (month, week, day, list;
 * Turkish, Monday first, 24-hour), coloured by course; a lesson opens its details, "Yoklama al", edit, delete.
 */
export function SchedulesPage() {
  const orgId = useOrgId();
  const navigate = useNavigate();
  const { data: courses } = useSuspenseQuery(coursesQueryOptions(orgId));
  const { data: groups } = useSuspenseQuery(groupsQueryOptions(orgId));
  const { data: students } = useSuspenseQuery(studentListQueryOptions(orgId));
  const { data: schedules } = useSuspenseQuery(schedulesQueryOptions(orgId));
  // A failed read of the instructors leaves the Eğitmen field at Diğer only, as the attendance form does.
  const instructors = useQuery(instructorsQueryOptions(orgId)).data ?? [];
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const occurrences = useQuery({
    ...occurrencesQueryOptions(orgId, range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
  });
  const add = useAddSchedule(orgId);
  const updateDetails = useUpdateScheduleDetails(orgId);
  const updateMembers = useUpdateScheduleMembers(orgId);
  const remove = useDeleteSchedule(orgId);
  const [editing, setEditing] = useState<Editing>(null);
  const [open, setOpen] = useState<Occurrence | null>(null);
  const [toDelete, setToDelete] = useState<Schedule | null>(null);
  const [feedsOpen, setFeedsOpen] = useState(false);
  const courseIds = courses.map((c) => c.id);
  const courseName = (id: string) => courses.find((c) => c.id === id)?.name ?? '';
  const scheduleOf = (o: Occurrence | null) => schedules.find((s) => s.id === o?.scheduleId) ?? null;

  const save = async (v: ScheduleFormValues) => {
    if (editing?.mode !== 'edit') {
      await add.mutateAsync(addBodyOf(v));
      enqueueSnackbar('Program eklendi', { variant: 'success' });
      return;
    }
    const s = editing.schedule;
    const patch = changedDetails(s, v);
    const members =
      membersChanged(s, v) && (patch.courseId === undefined || v.students.length + v.classes.length > 0);
    if (Object.keys(patch).length === 0 && !members) {
      // product.md 5: an edit with no change gives the info "Değişiklik yok".
      enqueueSnackbar(message('schedule.noChange'), { variant: 'info' });
      return;
    }
    if (Object.keys(patch).length > 0) await updateDetails.mutateAsync({ scheduleId: s.id, ...patch });
    if (members) {
      await updateMembers.mutateAsync({
        scheduleId: s.id,
        students: v.students.map((studentId) => ({ studentId })),
        classes: v.classes.map((classId) => ({ classId })),
      });
    }
    enqueueSnackbar('Program güncellendi', { variant: 'success' });
  };

  const events = (occurrences.data ?? []).map((o) => ({
    id: o.id,
    title: `${courseName(o.courseId)}${o.title ? ` · ${o.title}` : ''}`,
    start: o.start,
    end: o.end,
    backgroundColor: courseColor(courseIds, o.courseId),
    borderColor: courseColor(courseIds, o.courseId),
    extendedProps: { occurrence: o },
  }));

  const openSchedule = scheduleOf(open);

  return (
    <>
      <PageHeader
        title="Programlar"
        subtitle={`${schedules.length} program`}
        actions={
          <>
            <Button variant="outlined" startIcon={<EventRepeatIcon />} onClick={() => setFeedsOpen(true)}>
              Takvim Bağlantıları
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
              Yeni Program
            </Button>
          </>
        }
      />
      {feedsOpen && (
        <CalendarFeedsDialog
          orgId={orgId}
          groups={groups}
          students={students}
          instructors={instructors}
          onClose={() => setFeedsOpen(false)}
        />
      )}
      <Paper sx={{ p: 2 }}>
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          locale={trLocale}
          firstDay={1}
          initialView="timeGridWeek"
          headerToolbar={{
            left: 'prev,next today',
            center: 'title',
            right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek',
          }}
          eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          allDaySlot={false}
          height="auto"
          events={events}
          datesSet={(arg: DatesSetArg) =>
            setRange({ from: arg.start.toISOString(), to: arg.end.toISOString() })
          }
          eventClick={(arg: EventClickArg) => setOpen(arg.event.extendedProps.occurrence as Occurrence)}
        />
      </Paper>

      <Dialog open={open !== null} onClose={() => setOpen(null)} maxWidth="xs" fullWidth>
        {open && (
          <>
            <DialogTitle>{courseName(open.courseId)}</DialogTitle>
            <DialogContent>
              {open.title && <Typography>{open.title}</Typography>}
              <Typography>
                {formatDateTime(open.start)} – {formatDateTime(open.end)}
              </Typography>
              <Typography>Eğitmen: {openSchedule?.instructorName ?? 'Diğer'}</Typography>
              <Chip
                sx={{ mt: 1 }}
                size="small"
                color={open.attendanceId ? 'success' : 'default'}
                label={open.attendanceId ? 'Yoklama alındı' : 'Yoklama alınmadı'}
              />
            </DialogContent>
            <DialogActions>
              {openSchedule && (
                <>
                  <Button color="error" onClick={() => setToDelete(openSchedule)}>
                    Sil
                  </Button>
                  <Button onClick={() => setEditing({ mode: 'edit', schedule: openSchedule })}>
                    Düzenle
                  </Button>
                </>
              )}
              <Button
                variant="contained"
                onClick={() =>
                  void navigate({
                    to: '/giris/yoklama-ekle',
                    search: { scheduleId: open.scheduleId, start: open.start },
                  })
                }
              >
                Yoklama al
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>

      {editing && (
        <ScheduleFormDialog
          schedule={editing.mode === 'edit' ? editing.schedule : null}
          courses={courses}
          groups={groups}
          students={students}
          instructors={instructors}
          busy={add.isPending || updateDetails.isPending || updateMembers.isPending}
          onClose={() => {
            setEditing(null);
            setOpen(null);
          }}
          onSave={save}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Programı sil"
        confirmLabel="Sil"
        destructive
        busy={remove.isPending}
        onClose={() => {
          setToDelete(null);
          enqueueSnackbar(message('schedule.deleteCancelled'), { variant: 'info' });
        }}
        onConfirm={() =>
          toDelete &&
          remove.mutate(
            { id: toDelete.id },
            {
              onSuccess: () => {
                setToDelete(null);
                setOpen(null);
                enqueueSnackbar('Program silindi', { variant: 'success' });
              },
            },
          )
        }
      >
        Bu programın bütün dersleri takvimden silinir. Emin misiniz?
      </ConfirmDialog>
    </>
  );
}
