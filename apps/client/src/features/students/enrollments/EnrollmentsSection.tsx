import EditIcon from '@mui/icons-material/Edit';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatTl, message } from '@okul/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { Column } from '../../../components/PaginatedTable';
import { formatDate } from '../../../lib/format';
import { useOrgId } from '../../auth/useSession';
import { coursesQueryOptions } from '../../courses/queries';
import { enrollmentsQueryOptions, useStudentWrite } from '../queries';
import { CurrentAndPastTables } from '../TableTitle';
import type { EnrollmentView as Enrollment, Student } from '@okul/domain';
import { AddEnrollmentDialog } from './AddEnrollmentDialog';
import { EditEnrollmentDialog } from './EditEnrollmentDialog';
import { HistoryButton } from '../../history/HistoryDialog';
import { ENROLLMENT_TYPE_LABELS, availableCourses, periodText } from './enrollment-form';

/** product.md 2 and 4: the student's enrolments, active and closed listed apart (school-admin). */
export function EnrollmentsSection({ student }: { student: Student }) {
  const orgId = useOrgId();
  const enrollments = useQuery(enrollmentsQueryOptions(orgId, student.id));
  const courses = useQuery(coursesQueryOptions(orgId));
  const add = useStudentWrite<Record<string, unknown>>(orgId, 'addEnrollment', {
    success: message('enrollment.added'),
    failure: message('enrollment.addFailed'),
    noAnswer: message('enrollment.addNoAnswer'),
  });
  // The dialog lists the refusal under "Güncelleme yapılamadı." itself (api.md 8.3).
  const edit = useStudentWrite<Record<string, unknown>>(orgId, 'editEnrollment', {
    success: message('enrollment.edited'),
    failure: null,
  });
  const end = useStudentWrite<{ ID: string }>(orgId, 'endEnrollment', {
    success: message('enrollment.ended'),
    failure: message('enrollment.endFailed'),
    noAnswer: message('enrollment.endNoAnswer'),
  });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Enrollment | null>(null);
  const [ending, setEnding] = useState<Enrollment | null>(null);

  const list = useMemo(() => enrollments.data ?? [], [enrollments.data]);
  const active = list.filter((e) => e.active);
  const closed = list.filter((e) => !e.active);
  const offered = useMemo(() => availableCourses(courses.data ?? [], list), [courses.data, list]);

  const columns = (withEnd: boolean): Column<Enrollment>[] => [
    {
      key: 'course',
      header: 'Kurs',
      cell: (e) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {e.courseName ?? 'Silinmiş kurs'}
          </Typography>
          {e.isOfficial && <Chip size="small" label="Resmi" variant="outlined" sx={{ mt: 0.5 }} />}
        </Box>
      ),
    },
    {
      key: 'type',
      header: 'Tür',
      hideBelow: 'sm',
      cell: (e) => (
        <Box>
          {ENROLLMENT_TYPE_LABELS[e.enrollmentType]}
          {e.enrollmentType === 'periodic' && (
            <Typography variant="caption" color="text.secondary" component="div">
              {periodText(e)}
            </Typography>
          )}
        </Box>
      ),
    },
    { key: 'price', header: 'Ücret', align: 'right', cell: (e) => formatTl(e.price) },
    {
      key: 'discount',
      header: 'İndirim',
      align: 'right',
      hideBelow: 'md',
      cell: (e) => (e.discount ? formatTl(e.discount) : '—'),
    },
    { key: 'start', header: 'Başlangıç', hideBelow: 'sm', cell: (e) => formatDate(e.startDate) },
    { key: 'end', header: 'Bitiş', hideBelow: 'sm', cell: (e) => (e.endDate ? formatDate(e.endDate) : '—') },
    {
      key: 'actions',
      header: 'İşlemler',
      align: 'right',
      cell: (e) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <HistoryButton
            kind="enrollment"
            id={e.id}
            title={`${e.courseName ?? 'Kurs'} kaydı ${formatDate(e.startDate)}`}
          />
          <Tooltip title="Kaydı düzenle">
            <IconButton
              size="small"
              aria-label={`${e.courseName ?? 'Kurs'} kaydını düzenle`}
              onClick={() => setEditing(e)}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {withEnd && (
            <Tooltip title="Kaydı kapat">
              <IconButton
                size="small"
                color="warning"
                aria-label={`${e.courseName ?? 'Kurs'} kaydını kapat`}
                onClick={() => setEnding(e)}
              >
                <EventBusyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ),
    },
  ];

  return (
    <Box>
      <CurrentAndPastTables
        current={{
          title: 'Aktif Kurs Kayıtları',
          ariaLabel: 'Aktif kurs kayıtları',
          rows: active,
          columns: columns(true),
          emptyText: 'Aktif kurs kaydı yok.',
        }}
        past={{
          title: 'Kapanmış Kurs Kayıtları',
          ariaLabel: 'Kapanmış kurs kayıtları',
          rows: closed,
          columns: columns(false),
          emptyText: 'Kapanmış kurs kaydı yok.',
        }}
        addLabel="Kurs Kaydı Ekle"
        onAdd={() => setAdding(true)}
        addDisabled={!!student.deletedAt}
        loading={enrollments.isPending}
        error={enrollments.error}
      />

      <AddEnrollmentDialog
        open={adding}
        studentId={student.id}
        courses={offered}
        busy={add.isPending}
        onClose={() => setAdding(false)}
        onAdd={(payload) => add.mutateAsync(payload)}
      />
      {editing && (
        <EditEnrollmentDialog
          key={editing.id}
          enrollment={editing}
          busy={edit.isPending}
          onClose={() => setEditing(null)}
          onEdit={(payload) => edit.mutateAsync(payload)}
        />
      )}
      <ConfirmDialog
        open={ending !== null}
        title="Kurs kaydını kapat"
        confirmLabel="Kapat"
        destructive
        busy={end.isPending}
        onClose={() => setEnding(null)}
        onConfirm={() => {
          if (!ending) return;
          end.mutate({ ID: ending.id }, { onSuccess: () => setEnding(null) });
        }}
      >
        <strong>{ending?.courseName}</strong> kaydı şimdi kapatılacak. Kapanmış kayda yeni yoklama eklenemez;
        kayıt düzenleme penceresinden yeniden açılabilir.
      </ConfirmDialog>
    </Box>
  );
}
