import { EditDeleteActions } from '../../components/TableParts';
import { HistoryButton } from '../history/HistoryDialog';
import { COVER_TRANSFORM, withImageTransform } from '@okul/domain';
import AddIcon from '@mui/icons-material/Add';
import RestoreIcon from '@mui/icons-material/Restore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { PaginatedTable, type Column } from '../../components/PaginatedTable';
import { formatDateTime } from '../../lib/format';
import { useOrgId } from '../auth/useSession';
import { CourseFormDialog } from './CourseFormDialog';
import { instructorsQueryOptions } from '../employees/queries';
import { instructorsByCourse, splitCourses } from './course-list';
import {
  coursesQueryOptions,
  useAddCourse,
  useDeleteCourse,
  useEditCourse,
  useResurrectCourse,
} from './queries';
import type { Course } from '@okul/domain';

type Editing = { mode: 'add' } | { mode: 'edit'; course: Course } | null;

/**
 * A row's buttons: their clicks and keys (and those of the dialogs they open, which React bubbles through
 * the row) stay theirs and never open the course's detail.
 */
function RowActions({ children }: { children: ReactNode }) {
  const stop = (e: SyntheticEvent) => e.stopPropagation();
  return (
    <Box sx={{ whiteSpace: 'nowrap' }} onClick={stop} onKeyDown={stop}>
      {children}
    </Box>
  );
}

/**
 * /giris/kurslar (school-admin): courses by index, add and edit dialogs, deleted courses with restore; a row
 * opens the course's detail.
 */
export function CoursesPage() {
  const orgId = useOrgId();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(coursesQueryOptions(orgId));
  const { active, deleted } = useMemo(() => splitCourses(data), [data]);
  const instructors = useQuery(instructorsQueryOptions(orgId));
  const teachers = useMemo(() => instructorsByCourse(instructors.data ?? []), [instructors.data]);
  const addCourse = useAddCourse(orgId);
  const editCourse = useEditCourse(orgId);
  const deleteCourse = useDeleteCourse(orgId);
  const resurrectCourse = useResurrectCourse(orgId);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Course | null>(null);

  const columns: Column<Course>[] = [
    { key: 'index', header: 'Sıra', cell: (c) => c.index, width: 64, hideBelow: 'sm' },
    {
      key: 'name',
      header: 'Kurs adı',
      cell: (c) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {c.coverPhoto && (
            <Box
              component="img"
              src={withImageTransform(c.coverPhoto, COVER_TRANSFORM)}
              alt={`${c.name} kapak görseli`}
              sx={{ width: 72, height: 47, objectFit: 'cover', borderRadius: 1 }}
            />
          )}
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {c.name}
          </Typography>
        </Stack>
      ),
    },
    { key: 'code', header: 'Kod', cell: (c) => c.code || '—', hideBelow: 'md' },
    {
      key: 'instructors',
      header: 'Eğitmenler',
      hideBelow: 'sm',
      cell: (c) => teachers.get(c.id)?.join(', ') ?? '—',
    },
    {
      key: 'explanation',
      header: 'Açıklama',
      hideBelow: 'md',
      cell: (c) => (
        <Typography
          variant="body2"
          color="text.secondary"
          title={c.courseExplanation}
          sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {c.courseExplanation}
        </Typography>
      ),
    },
    {
      key: 'type',
      header: 'Tür',
      hideBelow: 'sm',
      cell: (c) => (
        <Stack direction="row" spacing={0.5}>
          {c.isGroupCourse && <Chip size="small" label="Grup" color="primary" variant="outlined" />}
          {c.isPrivateCourse && <Chip size="small" label="Özel" color="secondary" variant="outlined" />}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: 'İşlemler',
      align: 'right',
      width: 150,
      cell: (c) => (
        <RowActions>
          <EditDeleteActions
            editLabel={`${c.name} kursunu düzenle`}
            deleteLabel={`${c.name} kursunu sil`}
            onEdit={() => setEditing({ mode: 'edit', course: c })}
            onDelete={() => setToDelete(c)}
          >
            <HistoryButton kind="course" id={c.id} title={c.name} />
          </EditDeleteActions>
        </RowActions>
      ),
    },
  ];

  const deletedColumns: Column<Course>[] = [
    { key: 'name', header: 'Kurs adı', cell: (c) => c.name },
    { key: 'code', header: 'Kod', cell: (c) => c.code || '—', hideBelow: 'sm' },
    { key: 'deletedAt', header: 'Silinme tarihi', cell: (c) => formatDateTime(c.deletedAt), hideBelow: 'sm' },
    {
      key: 'restore',
      header: 'İşlemler',
      align: 'right',
      cell: (c) => (
        <RowActions>
          <HistoryButton kind="course" id={c.id} title={c.name} />
          <Button
            size="small"
            startIcon={<RestoreIcon />}
            disabled={resurrectCourse.isPending}
            onClick={() => resurrectCourse.mutate({ id: c.id })}
          >
            Geri Getir
          </Button>
        </RowActions>
      ),
    },
  ];

  const dialogCourse = editing?.mode === 'edit' ? editing.course : null;

  return (
    <>
      <PageHeader
        title="Kurslar"
        subtitle={`${active.length} aktif kurs`}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
            Yeni Kurs
          </Button>
        }
      />
      <PaginatedTable
        ariaLabel="Kurslar"
        rows={active}
        columns={columns}
        rowKey={(c) => c.id}
        emptyText="Henüz kurs eklenmemiş."
        onRowClick={(c) => void navigate({ to: '/giris/kurslar/$courseId', params: { courseId: c.id } })}
      />

      <Typography variant="h6" component="h2" sx={{ mt: 5, mb: 2 }}>
        Silinmiş Kurslar
      </Typography>
      <PaginatedTable
        ariaLabel="Silinmiş kurslar"
        rows={deleted}
        columns={deletedColumns}
        rowKey={(c) => c.id}
        emptyText="Silinmiş kurs yok."
        onRowClick={(c) => void navigate({ to: '/giris/kurslar/$courseId', params: { courseId: c.id } })}
        defaultPageSize={10}
      />

      <CourseFormDialog
        key={dialogCourse?.id ?? 'new'}
        open={editing !== null}
        course={dialogCourse}
        busy={addCourse.isPending || editCourse.isPending}
        onClose={() => setEditing(null)}
        onAdd={(input) => addCourse.mutateAsync(input)}
        onEdit={(input) => editCourse.mutateAsync(input)}
      />

      <ConfirmDialog
        open={toDelete !== null}
        title="Kursu sil"
        confirmLabel="Sil"
        destructive
        busy={deleteCourse.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          deleteCourse.mutate({ id: toDelete.id }, { onSuccess: () => setToDelete(null) });
        }}
      >
        <strong>{toDelete?.name}</strong> kursunu silmek istediğinize emin misiniz? Kursa bağlı ders
        programları da geri alınamayacak şekilde silinir. Kursun kendisi Silinmiş Kurslar listesinden geri
        getirilebilir.
      </ConfirmDialog>
    </>
  );
}
