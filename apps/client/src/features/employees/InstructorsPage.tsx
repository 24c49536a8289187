import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INSTRUCTOR_TYPE_ID } from '@okul/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { PaginatedTable, type Column } from '../../components/PaginatedTable';
import { useOrgId } from '../auth/useSession';
import { splitEmployees } from './employee-form';
import type { EmployeeAnswer } from '@okul/domain';
import { EmployeeFormDialog } from './EmployeeFormDialog';
import { fullName, personColumns, RestoreButton } from './people-columns';
import { usePeopleOptions } from './PeoplePickers';
import {
  instructorsQueryOptions,
  useAddInstructor,
  useDeleteInstructor,
  useEditInstructor,
  useResurrectInstructor,
} from './queries';

type Editing = { instructor: EmployeeAnswer | null } | null;

/**
 * /giris/egitmenler (school-admin): the instructors (employees of type 2, the same records as the Eğitmenler
 * tab of Çalışanlar) with their branches, the add and edit dialog (name, surname, branches, CV, linked
 * user) and the deleted ones with restore (product.md 2, 4).
 */
export function InstructorsPage() {
  const orgId = useOrgId();
  const { data } = useSuspenseQuery(instructorsQueryOptions(orgId));
  const { active, deleted } = useMemo(() => splitEmployees(data).instructors, [data]);
  const { courseOptions, courseName, userOptions } = usePeopleOptions(orgId);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<EmployeeAnswer | null>(null);
  const add = useAddInstructor(orgId);
  const edit = useEditInstructor(orgId);
  const remove = useDeleteInstructor(orgId);
  const resurrect = useResurrectInstructor(orgId);
  const userLabel = (id: string | null) =>
    id ? (userOptions.find((u) => u.id === id)?.label ?? 'Kurumdan ayrılmış kullanıcı') : '—';

  const branches = (e: EmployeeAnswer) => (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {e.branches.map((id) => (
        <Chip key={id} size="small" variant="outlined" label={courseName.get(id) ?? 'Silinmiş kurs'} />
      ))}
    </Stack>
  );

  const columns: Column<EmployeeAnswer>[] = [
    personColumns.name(),
    { key: 'branches', header: 'Branşlar', cell: branches },
    {
      key: 'cv',
      header: 'CV',
      hideBelow: 'md',
      cell: (e) => (
        <Typography
          variant="body2"
          color="text.secondary"
          title={e.cv ?? undefined}
          sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {e.cv ?? '—'}
        </Typography>
      ),
    },
    { key: 'user', header: 'Bağlı kullanıcı', hideBelow: 'md', cell: (e) => userLabel(e.userId) },
    personColumns.actions((e) => setEditing({ instructor: e }), setToDelete),
  ];

  const deletedColumns: Column<EmployeeAnswer>[] = [
    personColumns.deletedName(),
    { key: 'branches', header: 'Branşlar', cell: branches, hideBelow: 'sm' },
    personColumns.deletedAt(),
    {
      key: 'restore',
      header: 'İşlemler',
      align: 'right',
      cell: (e) => (
        <RestoreButton
          person={e}
          busy={resurrect.isPending}
          onRestore={(p) => resurrect.mutate({ id: p.id })}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Eğitmenler"
        subtitle={`${active.length} aktif eğitmen`}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ instructor: null })}
          >
            Yeni Eğitmen
          </Button>
        }
      />
      <PaginatedTable
        ariaLabel="Eğitmenler"
        rows={active}
        columns={columns}
        rowKey={(e) => e.id}
        emptyText="Henüz eğitmen eklenmemiş."
      />
      <Typography variant="h6" component="h2" sx={{ mt: 5, mb: 2 }}>
        Silinmiş Eğitmenler
      </Typography>
      <PaginatedTable
        ariaLabel="Silinmiş eğitmenler"
        rows={deleted}
        columns={deletedColumns}
        rowKey={(e) => e.id}
        emptyText="Silinmiş eğitmen yok."
        defaultPageSize={10}
      />

      {editing && (
        <EmployeeFormDialog
          key={editing.instructor?.id ?? 'new'}
          mode="instructor"
          employee={editing.instructor}
          defaultTypeId={INSTRUCTOR_TYPE_ID}
          courses={courseOptions}
          users={userOptions}
          busy={add.isPending || edit.isPending}
          onClose={() => setEditing(null)}
          onSave={(body) => (editing.instructor ? edit.mutateAsync(body) : add.mutateAsync(body))}
        />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Eğitmeni sil"
        confirmLabel="Sil"
        destructive
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate({ id: toDelete.id }, { onSuccess: () => setToDelete(null) });
        }}
      >
        <strong>{toDelete ? fullName(toDelete) : ''}</strong> silinsin mi? Silinmiş Eğitmenler listesinden
        geri getirilebilir; kaydettiği yoklamalarda adı korunur.
      </ConfirmDialog>
    </>
  );
}
