import { EditDeleteActions } from '../../components/TableParts';
import AddIcon from '@mui/icons-material/Add';
import GradingIcon from '@mui/icons-material/Grading';
import GroupIcon from '@mui/icons-material/Group';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { deletedGroupLabel } from '@okul/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { PaginatedTable, type Column } from '../../components/PaginatedTable';
import { useOrgId } from '../auth/useSession';
import { coursesQueryOptions } from '../courses/queries';
import { studentListQueryOptions } from '../students/queries';
import { GradeSheetDialog } from './GradeSheetDialog';
import { GroupFormDialog } from './GroupFormDialog';
import { MembersDialog } from './MembersDialog';
import {
  groupsQueryOptions,
  useCreateGroup,
  useDeleteGroup,
  useEditGroup,
  useEditGroupMembers,
} from './queries';
import type { ClassView as Group } from '@okul/domain';

type Editing = { mode: 'add' } | { mode: 'edit'; group: Group } | null;

/** /giris/gruplar (school-admin): the groups with member counts, add/edit, member picker, delete. */
export function GroupsPage() {
  const orgId = useOrgId();
  const { data: groups } = useSuspenseQuery(groupsQueryOptions(orgId));
  const { data: courses } = useSuspenseQuery(coursesQueryOptions(orgId));
  const { data: students } = useSuspenseQuery(studentListQueryOptions(orgId));
  const create = useCreateGroup(orgId);
  const edit = useEditGroup(orgId);
  const editMembers = useEditGroupMembers(orgId);
  const remove = useDeleteGroup(orgId);
  const [editing, setEditing] = useState<Editing>(null);
  const [membersOf, setMembersOf] = useState<Group | null>(null);
  const [toDelete, setToDelete] = useState<Group | null>(null);
  const [sheetOf, setSheetOf] = useState<Group | null>(null);
  const active = groups.filter((g) => g.deletedAt === null);
  const deleted = groups.filter((g) => g.deletedAt !== null);
  const courseName = (id: string) => courses.find((c) => c.id === id)?.name ?? '—';

  const columns: Column<Group>[] = [
    {
      key: 'title',
      header: 'Grup',
      cell: (g) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {g.title}
        </Typography>
      ),
    },
    { key: 'course', header: 'Kurs', cell: (g) => courseName(g.courseId) },
    { key: 'code', header: 'Kod', cell: (g) => g.classCode ?? '—', hideBelow: 'md' },
    { key: 'level', header: 'Seviye', cell: (g) => g.level ?? '—', hideBelow: 'md' },
    { key: 'age', header: 'Yaş grubu', cell: (g) => g.ageGroup ?? '—', hideBelow: 'md' },
    {
      key: 'members',
      header: 'Üye',
      cell: (g) => (
        <>
          {g.members.length}
          {g.endedMembers.length > 0 && (
            <Chip
              size="small"
              color="warning"
              sx={{ ml: 1 }}
              label={`${g.endedMembers.length} kaydı bitmiş`}
            />
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'İşlemler',
      align: 'right',
      cell: (g) => (
        <EditDeleteActions
          editLabel={`${g.title} grubunu düzenle`}
          deleteLabel={`${g.title} grubunu sil`}
          onEdit={() => setEditing({ mode: 'edit', group: g })}
          onDelete={() => setToDelete(g)}
        >
          <Tooltip title="Üyeler">
            <IconButton
              size="small"
              aria-label={`${g.title} grubunun üyeleri`}
              onClick={() => setMembersOf(g)}
            >
              <GroupIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Not çizelgesi">
            <IconButton
              size="small"
              aria-label={`${g.title} grubunun not çizelgesi`}
              onClick={() => setSheetOf(g)}
            >
              <GradingIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </EditDeleteActions>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Gruplar"
        subtitle={`${active.length} grup`}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
            Yeni Grup
          </Button>
        }
      />
      <PaginatedTable
        ariaLabel="Gruplar"
        rows={active}
        columns={columns}
        rowKey={(g) => g.id}
        emptyText="Henüz grup eklenmemiş."
      />
      {deleted.length > 0 && (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 5, mb: 2 }}>
            Silinmiş Gruplar
          </Typography>
          <PaginatedTable
            ariaLabel="Silinmiş gruplar"
            rows={deleted}
            rowKey={(g) => g.id}
            emptyText=""
            defaultPageSize={10}
            columns={[
              { key: 'label', header: 'Grup', cell: (g) => deletedGroupLabel(g.id) },
              { key: 'title', header: 'Eski adı', cell: (g) => g.title },
              { key: 'course', header: 'Kurs', cell: (g) => courseName(g.courseId) },
            ]}
          />
        </>
      )}
      {editing && (
        <GroupFormDialog
          group={editing.mode === 'edit' ? editing.group : null}
          courses={courses}
          busy={create.isPending || edit.isPending}
          onClose={() => setEditing(null)}
          onCreate={(input) => create.mutateAsync(input)}
          onEdit={(input) => edit.mutateAsync(input)}
        />
      )}
      {membersOf && (
        <MembersDialog
          group={membersOf}
          students={students}
          busy={editMembers.isPending}
          onClose={() => setMembersOf(null)}
          onSave={(studentIds) => editMembers.mutateAsync({ id: membersOf.id, studentIds })}
        />
      )}
      {sheetOf && (
        <GradeSheetDialog
          orgId={orgId}
          group={sheetOf}
          students={students}
          onClose={() => setSheetOf(null)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Grubu sil"
        confirmLabel="Sil"
        destructive
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete && remove.mutate({ id: toDelete.id }, { onSuccess: () => setToDelete(null) })
        }
      >
        <strong>{toDelete?.title}</strong> grubunu silmek istediğinize emin misiniz?
      </ConfirmDialog>
    </>
  );
}
