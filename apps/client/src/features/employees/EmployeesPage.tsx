import AddIcon from '@mui/icons-material/Add';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatTl, INSTRUCTOR_TYPE_ID, type EmployeeAnswer, type EmployeeTypeId } from '@okul/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { PaginatedTable, type Column } from '../../components/PaginatedTable';
import { formatDate } from '../../lib/format';
import { useOrgId } from '../auth/useSession';
import { employeeTypeLabel, isActiveWage, splitEmployees, wageTermsLabel } from './employee-form';
import { EmployeeFormDialog } from './EmployeeFormDialog';
import { fullName, personColumns, RestoreButton } from './people-columns';
import { usePeopleOptions } from './PeoplePickers';
import {
  employeesListQueryOptions,
  useAddEmployee,
  useDeleteEmployee,
  useEditEmployee,
  usePermanentlyDeleteEmployee,
  useResurrectEmployee,
} from './queries';

type Editing = { employee: EmployeeAnswer | null } | null;

/** product.md 4 Wage period: each period with its terms, amount, what it earned so far, and Aktif. */
function WagePeriods({ e }: { e: EmployeeAnswer }) {
  if (e.wages.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Maaş dönemi yok
      </Typography>
    );
  return (
    <Stack spacing={0.5}>
      {e.wages.map((w, i) => (
        <Typography key={i} variant="body2">
          {formatDate(w.startDate)} – {w.endDate ? formatDate(w.endDate) : '…'}: {formatTl(w.amount)},{' '}
          {wageTermsLabel(w)}
          {e.earnedByWage?.[i] !== undefined && ` · hak edilen ${formatTl(e.earnedByWage[i])}`}
          {isActiveWage(w) && <Chip size="small" color="success" label="Aktif" sx={{ ml: 1 }} />}
        </Typography>
      ))}
    </Stack>
  );
}

/**
 * /giris/calisanlar (school-admin): the tabs Eğitmenler and Diğer Çalışanlar, each with its deleted list
 * (product.md 2); per employee the wage periods and the wages owed: earned, paid (wage entries of Muhasebe)
 * and the balance still to pay.
 */
export function EmployeesPage() {
  const orgId = useOrgId();
  const { data } = useSuspenseQuery(employeesListQueryOptions(orgId));
  const { instructors, others } = useMemo(() => splitEmployees(data), [data]);
  const { courseOptions, userOptions } = usePeopleOptions(orgId);
  const [tab, setTab] = useState<'instructors' | 'others'>('instructors');
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<EmployeeAnswer | null>(null);
  const [toPurge, setToPurge] = useState<EmployeeAnswer | null>(null);
  const add = useAddEmployee(orgId);
  const edit = useEditEmployee(orgId);
  const remove = useDeleteEmployee(orgId);
  const resurrect = useResurrectEmployee(orgId);
  const purge = usePermanentlyDeleteEmployee(orgId);
  const rows = tab === 'instructors' ? instructors : others;
  const defaultTypeId: EmployeeTypeId = tab === 'instructors' ? INSTRUCTOR_TYPE_ID : 1;

  const money = (v: number | undefined) => (v === undefined ? '—' : formatTl(v));
  const columns: Column<EmployeeAnswer>[] = [
    personColumns.name(),
    ...(tab === 'others'
      ? [{ key: 'type', header: 'Tür', cell: (e: EmployeeAnswer) => employeeTypeLabel(e.employeeTypeId) }]
      : []),
    { key: 'phone', header: 'Telefon', cell: (e) => e.phone ?? '—', hideBelow: 'md' },
    { key: 'wages', header: 'Maaş dönemleri', cell: (e) => <WagePeriods e={e} />, hideBelow: 'md' },
    { key: 'earned', header: 'Hak edilen', align: 'right', cell: (e) => money(e.earned) },
    { key: 'paid', header: 'Ödenen', align: 'right', cell: (e) => money(e.paid) },
    {
      key: 'outstanding',
      header: 'Bakiye',
      align: 'right',
      cell: (e) => (
        <Typography
          variant="body2"
          sx={{ fontWeight: 600 }}
          color={(e.outstanding ?? 0) > 0 ? 'error' : 'text.primary'}
        >
          {money(e.outstanding)}
        </Typography>
      ),
    },
    personColumns.actions((e) => setEditing({ employee: e }), setToDelete),
  ];

  const deletedColumns: Column<EmployeeAnswer>[] = [
    personColumns.deletedName(),
    ...(tab === 'others'
      ? [{ key: 'type', header: 'Tür', cell: (e: EmployeeAnswer) => employeeTypeLabel(e.employeeTypeId) }]
      : []),
    personColumns.deletedAt(),
    { key: 'outstanding', header: 'Bakiye', align: 'right', cell: (e) => money(e.outstanding) },
    {
      key: 'restore',
      header: 'İşlemler',
      align: 'right',
      cell: (e) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <RestoreButton
            person={e}
            busy={resurrect.isPending}
            onRestore={(p) => resurrect.mutate({ id: p.id })}
          />
          {/* product.md 4: the permanent delete icon is for deleted other employees (not instructors) */}
          {e.employeeTypeId !== INSTRUCTOR_TYPE_ID && (
            <Tooltip title="Kalıcı olarak sil">
              <IconButton
                size="small"
                color="error"
                aria-label={`${fullName(e)} kalıcı olarak sil`}
                onClick={() => setToPurge(e)}
              >
                <DeleteForeverIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ),
    },
  ];

  const label = tab === 'instructors' ? 'eğitmen' : 'çalışan';
  return (
    <>
      <PageHeader
        title="Çalışanlar ve Maaşlar"
        subtitle={`${instructors.active.length} eğitmen, ${others.active.length} diğer çalışan`}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ employee: null })}>
            {tab === 'instructors' ? 'Yeni Eğitmen' : 'Yeni Çalışan'}
          </Button>
        }
      />
      <Tabs value={tab} onChange={(_, v: 'instructors' | 'others') => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="instructors" label="Eğitmenler" />
        <Tab value="others" label="Diğer Çalışanlar" />
      </Tabs>
      <PaginatedTable
        ariaLabel={tab === 'instructors' ? 'Eğitmenler' : 'Diğer Çalışanlar'}
        rows={rows.active}
        columns={columns}
        rowKey={(e) => e.id}
        emptyText={`Henüz ${label} eklenmemiş.`}
      />
      <Typography variant="h6" component="h2" sx={{ mt: 5, mb: 2 }}>
        {tab === 'instructors' ? 'Silinmiş Eğitmenler' : 'Silinmiş Çalışanlar'}
      </Typography>
      <PaginatedTable
        ariaLabel={tab === 'instructors' ? 'Silinmiş eğitmenler' : 'Silinmiş çalışanlar'}
        rows={rows.deleted}
        columns={deletedColumns}
        rowKey={(e) => e.id}
        emptyText={`Silinmiş ${label} yok.`}
        defaultPageSize={10}
      />

      {editing && (
        <EmployeeFormDialog
          key={editing.employee?.id ?? `new-${tab}`}
          mode="employee"
          employee={editing.employee}
          defaultTypeId={defaultTypeId}
          courses={courseOptions}
          users={userOptions}
          busy={add.isPending || edit.isPending}
          onClose={() => setEditing(null)}
          onSave={(body) => (editing.employee ? edit.mutateAsync(body) : add.mutateAsync(body))}
        />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete?.employeeTypeId === INSTRUCTOR_TYPE_ID ? 'Eğitmeni sil' : 'Çalışanı sil'}
        confirmLabel="Sil"
        destructive
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate({ id: toDelete.id }, { onSuccess: () => setToDelete(null) });
        }}
      >
        <strong>{toDelete ? fullName(toDelete) : ''}</strong> silinsin mi? Silinen kayıt aşağıdaki silinmiş
        listesinden geri getirilebilir; geçmiş dersleri ve ödemeleri korunur.
      </ConfirmDialog>

      <ConfirmDialog
        open={toPurge !== null}
        title="Çalışanı kalıcı olarak sil"
        confirmLabel="Kalıcı olarak sil"
        destructive
        busy={purge.isPending}
        onClose={() => setToPurge(null)}
        onConfirm={() => {
          if (!toPurge) return;
          purge.mutate({ id: toPurge.id }, { onSuccess: () => setToPurge(null) });
        }}
      >
        <strong>{toPurge ? fullName(toPurge) : ''}</strong> kalıcı olarak silinsin mi? Bu işlem geri alınamaz;
        Muhasebe&apos;deki maaş kayıtları korunur.
      </ConfirmDialog>
    </>
  );
}
