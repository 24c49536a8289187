import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  ACCOUNTING_METHOD_LABELS,
  ACCOUNTING_METHODS,
  ACCOUNTING_SUBTYPE_LABELS,
  ACCOUNTING_TYPE_LABELS,
  ACCOUNTING_TYPES,
  formatTl,
  type AccountingEntryView,
} from '@okul/domain';
import { format } from 'date-fns';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ExportMenu } from '../../components/ExportMenu';
import { PageHeader } from '../../components/PageHeader';
import { QueryStatus } from '../../components/QueryStatus';
import { EmptyTableRow, TableCard } from '../../components/TableParts';
import { formatDate } from '../../lib/format';
import { tablePaginationLabels } from '../../lib/table-labels';
import { useOrgId } from '../auth/useSession';
import { AccountingEntryDialog } from './AccountingEntryDialog';
import { MonthView } from './MonthView';
import {
  accountingPageQueryOptions,
  employeesQueryOptions,
  useAddAccountingEntry,
  useEditAccountingEntry,
  useReverseAccountingEntry,
  type AccountingFilters,
} from './queries';

type Editing = { mode: 'add' } | { mode: 'edit'; entry: AccountingEntryView } | null;

const thisMonth = () => format(new Date(), 'yyyy-MM');

/** /giris/muhasebe (school-admin): the entries with filters and totals, and the month view. */
export function AccountingPage() {
  const orgId = useOrgId();
  const [tab, setTab] = useState<'entries' | 'month'>('entries');
  const [filters, setFilters] = useState<AccountingFilters>({
    period: thisMonth(),
    type: '',
    subtype: '',
    method: '',
    employeeId: '',
    includeReversed: false,
    limit: tablePaginationLabels.defaultPageSize,
    offset: 0,
  });
  const page = useQuery(accountingPageQueryOptions(orgId, filters));
  const employees = useQuery(employeesQueryOptions(orgId));
  const employeeName = useMemo(() => {
    const byId = new Map((employees.data ?? []).map((e) => [e.id, `${e.name} ${e.surname}`]));
    return (id: string | null) => (id ? (byId.get(id) ?? 'Çalışan') : '');
  }, [employees.data]);
  const add = useAddAccountingEntry(orgId);
  const edit = useEditAccountingEntry(orgId);
  const reverse = useReverseAccountingEntry(orgId);
  const [editing, setEditing] = useState<Editing>(null);
  const [toReverse, setToReverse] = useState<AccountingEntryView | null>(null);
  const [period, setPeriod] = useState(thisMonth());
  const filter = <K extends keyof AccountingFilters>(key: K, value: AccountingFilters[K]) =>
    setFilters((f) => ({
      ...f,
      [key]: value,
      // the subtype list depends on the type (product.md 5)
      ...(key === 'type' ? { subtype: '' } : {}),
      offset: 0,
    }));

  const data = page.data;
  const entries = data?.entries ?? [];

  return (
    <Box>
      <PageHeader
        title="Muhasebe"
        subtitle="Gelir ve gider kayıtları, aylık kasa özeti"
        actions={
          <Stack direction="row" spacing={1}>
            <ExportMenu orgId={orgId} call="exportAccounting" label="Kayıtları indir" />
            <ExportMenu orgId={orgId} call="exportPayments" label="Ödemeleri indir" />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
              Kayıt Ekle
            </Button>
          </Stack>
        }
      />
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="entries" label="Kayıtlar" />
        <Tab value="month" label="Aylık Görünüm" />
      </Tabs>
      {tab === 'month' ? (
        <MonthView period={period} onPeriodChange={setPeriod} employeeName={employeeName} />
      ) : (
        <>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ mb: 2, flexWrap: 'wrap' }}
            useFlexGap
          >
            <TextField
              label="Dönem"
              type="month"
              size="small"
              value={filters.period}
              onChange={(e) => filter('period', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              size="small"
              label="Tür"
              value={filters.type}
              onChange={(e) => filter('type', e.target.value)}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="">Tümü</MenuItem>
              {ACCOUNTING_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {ACCOUNTING_TYPE_LABELS[t]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Alt tür"
              value={filters.subtype}
              onChange={(e) => filter('subtype', e.target.value)}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="">Tümü</MenuItem>
              {(filters.type === 'revenue' ? (['other'] as const) : (['wage', 'other'] as const)).map((s) => (
                <MenuItem key={s} value={s}>
                  {ACCOUNTING_SUBTYPE_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Yöntem"
              value={filters.method}
              onChange={(e) => filter('method', e.target.value)}
              sx={{ minWidth: 170 }}
            >
              <MenuItem value="">Tümü</MenuItem>
              {ACCOUNTING_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {ACCOUNTING_METHOD_LABELS[m]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Çalışan"
              value={filters.employeeId}
              onChange={(e) => filter('employeeId', e.target.value)}
              sx={{ minWidth: 170 }}
            >
              <MenuItem value="">Tümü</MenuItem>
              {(employees.data ?? []).map((e) => (
                <MenuItem key={e.id} value={e.id}>
                  {`${e.name} ${e.surname}`}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Switch checked={filters.includeReversed} onChange={(_, v) => filter('includeReversed', v)} />
              }
              label="İptal edilenleri göster"
            />
          </Stack>
          {data && (
            <Stack
              direction="row"
              spacing={1}
              sx={{ mb: 2, flexWrap: 'wrap' }}
              useFlexGap
              aria-label="Toplamlar"
            >
              <Chip color="success" variant="outlined" label={`Gelir: ${formatTl(data.totals.revenue)}`} />
              <Chip color="error" variant="outlined" label={`Gider: ${formatTl(data.totals.cost)}`} />
              <Chip variant="outlined" label={`Net: ${formatTl(data.totals.net)}`} />
              {data.totals.byMethod.map((m) => (
                <Chip
                  key={m.method}
                  size="small"
                  label={`${ACCOUNTING_METHOD_LABELS[m.method]}: +${formatTl(m.revenue)} / −${formatTl(m.cost)}`}
                />
              ))}
            </Stack>
          )}
          <QueryStatus loading={page.isFetching && !data} error={page.error} gap={2} />
          <TableCard>
            <TableContainer sx={{ maxHeight: 660 }}>
              <Table stickyHeader size="small" aria-label="Muhasebe kayıtları">
                <TableHead>
                  <TableRow>
                    {['Tarih', 'Tür', 'Alt tür', 'Çalışan', 'Yöntem', 'Tutar', 'Makbuz no', 'Notlar', ''].map(
                      (h) => (
                        <TableCell key={h} sx={{ fontWeight: 600 }} align={h === 'Tutar' ? 'right' : 'left'}>
                          {h}
                        </TableCell>
                      ),
                    )}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {entries.length === 0 ? (
                    <EmptyTableRow colSpan={9}>Bu dönemde kayıt yok.</EmptyTableRow>
                  ) : (
                    entries.map((e) => (
                      <TableRow
                        key={e.id}
                        hover
                        sx={
                          e.reversedAt
                            ? { '& td': { color: 'text.disabled', textDecoration: 'line-through' } }
                            : {}
                        }
                      >
                        <TableCell>{formatDate(e.date)}</TableCell>
                        <TableCell>{ACCOUNTING_TYPE_LABELS[e.type]}</TableCell>
                        <TableCell>{ACCOUNTING_SUBTYPE_LABELS[e.subtype]}</TableCell>
                        <TableCell>{employeeName(e.employeeId)}</TableCell>
                        <TableCell>{ACCOUNTING_METHOD_LABELS[e.method]}</TableCell>
                        <TableCell align="right">
                          {e.type === 'cost' ? '−' : ''}
                          {formatTl(e.amount)}
                        </TableCell>
                        <TableCell>{e.receiptNumber ?? ''}</TableCell>
                        <TableCell>
                          {e.reversedAt
                            ? `İptal edildi (${formatDate(e.reversedAt)}${e.reverseReason ? `: ${e.reverseReason}` : ''})`
                            : (e.notes ?? '')}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap', textDecoration: 'none !important' }}>
                          {!e.reversedAt && (
                            <>
                              <Tooltip title="Düzenle">
                                <IconButton
                                  size="small"
                                  aria-label="Düzenle"
                                  onClick={() => setEditing({ mode: 'edit', entry: e })}
                                >
                                  <EditIcon fontSize="small" />
                                </IconButton>
                              </Tooltip>
                              <Tooltip title="İptal et">
                                <IconButton
                                  size="small"
                                  aria-label="İptal et"
                                  onClick={() => setToReverse(e)}
                                >
                                  <UndoIcon fontSize="small" />
                                </IconButton>
                              </Tooltip>
                            </>
                          )}
                        </TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={data?.total ?? 0}
              page={Math.floor(filters.offset / filters.limit)}
              rowsPerPage={filters.limit}
              onPageChange={(_, p) => setFilters((f) => ({ ...f, offset: p * f.limit }))}
              onRowsPerPageChange={(e) =>
                setFilters((f) => ({ ...f, limit: Number(e.target.value), offset: 0 }))
              }
            />
          </TableCard>
        </>
      )}
      {editing && (
        <AccountingEntryDialog
          entry={editing.mode === 'edit' ? editing.entry : null}
          employees={(employees.data ?? []).filter((e) => !e.deletedAt)}
          employeesError={employees.error ? `Çalışan listesi alınamadı: ${errorText(employees.error)}` : null}
          busy={add.isPending || edit.isPending}
          onClose={() => setEditing(null)}
          onSave={(payload) =>
            editing.mode === 'edit' ? edit.mutateAsync(payload) : add.mutateAsync(payload)
          }
        />
      )}
      <ConfirmDialog
        open={toReverse !== null}
        title="Kaydı iptal et"
        confirmLabel="İptal et"
        destructive
        busy={reverse.isPending}
        onClose={() => setToReverse(null)}
        onConfirm={() => {
          if (!toReverse) return;
          void reverse.mutateAsync({ id: toReverse.id }).then(
            () => setToReverse(null),
            () => undefined,
          );
        }}
      >
        {toReverse &&
          `${formatDate(toReverse.date)} tarihli ${formatTl(toReverse.amount)} tutarındaki ${ACCOUNTING_TYPE_LABELS[
            toReverse.type
          ].toLocaleLowerCase('tr-TR')} kaydı iptal edilecek. Kayıt silinmez, iptal edildi olarak kalır.`}
      </ConfirmDialog>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
        Kayıtlar silinmez: düzeltme için düzenleyin ya da iptal edin.
      </Typography>
    </Box>
  );
}
