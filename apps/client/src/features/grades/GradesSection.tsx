import { EditDeleteActions } from '../../components/TableParts';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ROLES, hasRole, type Grade, type Student } from '@okul/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PaginatedTable, type Column } from '../../components/PaginatedTable';
import { QueryStatus } from '../../components/QueryStatus';
import { useReadySession } from '../auth/useSession';
import { coursesQueryOptions } from '../courses/queries';
import { groupLabel } from '../groups/groups';
import { groupsQueryOptions } from '../groups/queries';
import { GradeDialog } from './GradeDialog';
import { GRADE_TEXTS, gradeClassOptions, sortGrades } from './grades';
import { gradesQueryOptions, useGradeWrite } from './queries';

type Editing = { mode: 'add' } | { mode: 'edit'; grade: Grade } | null;

/** product.md 2: the student detail's grades, per course and period, with add, edit and delete. */
export function GradesSection({ student }: { student: Student }) {
  const { organization, role } = useReadySession();
  const orgId = organization.id;
  const grades = useQuery(gradesQueryOptions(orgId, { studentId: student.id }));
  const courses = useQuery(coursesQueryOptions(orgId));
  // getClasses is school-staff and up (docs/DECISIONS.md); an instructor enters grades without a group.
  const groups = useQuery({ ...groupsQueryOptions(orgId), enabled: hasRole(role, ROLES.schoolStaff) });
  const add = useGradeWrite<Record<string, unknown>>(orgId, 'addGrade', {
    success: GRADE_TEXTS.added,
    failure: GRADE_TEXTS.addFailed,
  });
  const edit = useGradeWrite<Record<string, unknown>>(orgId, 'editGrade', {
    success: GRADE_TEXTS.edited,
    failure: GRADE_TEXTS.editFailed,
  });
  const remove = useGradeWrite<{ id: string }>(orgId, 'deleteGrade', {
    success: GRADE_TEXTS.deleted,
    failure: GRADE_TEXTS.deleteFailed,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Grade | null>(null);

  const names = useMemo(() => new Map((courses.data ?? []).map((c) => [c.id, c.name])), [courses.data]);
  const courseName = (id: string) => names.get(id) ?? 'Silinmiş kurs';
  const rows = useMemo(
    () => sortGrades(grades.data ?? [], (id) => names.get(id) ?? ''),
    [grades.data, names],
  );
  // A grade is for a course the student is (or was) enrolled in and that is still open.
  const courseOptions = useMemo(() => {
    const enrolled = new Set(student.enrollments.map((e) => e.courseId));
    return (courses.data ?? [])
      .filter((c) => !c.deletedAt && enrolled.has(c.id))
      .map((c) => ({ id: c.id, name: c.name }));
  }, [courses.data, student.enrollments]);
  const activeCourses = [...new Set(student.activeCourses.map((c) => c.courseId))];
  const allGroups = groups.data ?? [];

  const columns: Column<Grade>[] = [
    { key: 'course', header: 'Kurs', cell: (g) => courseName(g.courseId) },
    { key: 'period', header: 'Dönem', cell: (g) => g.gradePeriod ?? '—' },
    {
      key: 'value',
      header: 'Not',
      cell: (g) => (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {g.gradeValue}
        </Box>
      ),
    },
    {
      key: 'group',
      header: 'Grup',
      hideBelow: 'sm',
      cell: (g) => (g.classId ? (groups.data ? groupLabel(allGroups, g.classId) : 'Grup') : '—'),
    },
    { key: 'notes', header: 'Açıklama', hideBelow: 'md', cell: (g) => g.notes ?? '' },
    {
      key: 'actions',
      header: 'İşlemler',
      align: 'right',
      cell: (g) => (
        <EditDeleteActions
          editLabel="Notu düzenle"
          deleteLabel="Notu sil"
          onEdit={() => setEditing({ mode: 'edit', grade: g })}
          onDelete={() => setToDelete(g)}
        />
      ),
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={!!student.deletedAt}
          onClick={() => setEditing({ mode: 'add' })}
        >
          Not Ekle
        </Button>
      </Box>
      <QueryStatus loading={grades.isPending} error={grades.error} />
      <PaginatedTable
        ariaLabel="Notlar"
        rows={rows}
        columns={columns}
        rowKey={(g) => g.id}
        emptyText={grades.isPending ? 'Yükleniyor…' : 'Henüz not girilmemiş.'}
      />
      {editing && (
        <GradeDialog
          studentId={student.id}
          grade={editing.mode === 'edit' ? editing.grade : null}
          courses={
            editing.mode === 'edit'
              ? [{ id: editing.grade.courseId, name: courseName(editing.grade.courseId) }]
              : courseOptions
          }
          groupsOf={(courseId) => gradeClassOptions(allGroups, courseId, student.id)}
          defaultCourseId={activeCourses.length === 1 ? activeCourses[0]! : ''}
          busy={add.isPending || edit.isPending}
          onClose={() => setEditing(null)}
          onSave={(payload) => (editing.mode === 'edit' ? edit : add).mutateAsync(payload)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Notu sil"
        confirmLabel="Sil"
        destructive
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete && remove.mutate({ id: toDelete.id }, { onSuccess: () => setToDelete(null) })
        }
      >
        {toDelete && (
          <>
            <strong>
              {courseName(toDelete.courseId)} · {toDelete.gradeValue}
            </strong>{' '}
            notu silinecek. Bu işlem geri alınamaz.
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
