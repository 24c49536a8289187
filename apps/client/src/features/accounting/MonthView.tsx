import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  ACCOUNTING_METHOD_LABELS,
  ACCOUNTING_SUBTYPE_LABELS,
  ACCOUNTING_TYPE_LABELS,
  formatStudentNumber,
  formatTl,
  type MonthMethodTotal,
} from '@okul/domain';
import type { ReactNode } from 'react';
import { QueryStatus } from '../../components/QueryStatus';
import { EmptyTableRow, TableCard } from '../../components/TableParts';
import { formatDate } from '../../lib/format';
import { useOrgId } from '../auth/useSession';
import { accountingMonthQueryOptions } from './queries';

const methodLabel = (m: MonthMethodTotal['method'] | string | null) =>
  m && m in ACCOUNTING_METHOD_LABELS
    ? ACCOUNTING_METHOD_LABELS[m as keyof typeof ACCOUNTING_METHOD_LABELS]
    : 'Belirtilmemiş';

function SmallTable({
  label,
  headers,
  empty,
  children,
}: {
  label: string;
  headers: string[];
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <TableCard>
      <TableContainer sx={{ maxHeight: 420 }}>
        <Table stickyHeader size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {headers.map((h) => (
                <TableCell key={h} sx={{ fontWeight: 600 }} align={h.startsWith('Tutar') ? 'right' : 'left'}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {empty ? <EmptyTableRow colSpan={headers.length}>Bu ayda kayıt yok.</EmptyTableRow> : children}
          </TableBody>
        </Table>
      </TableContainer>
    </TableCard>
  );
}

/**
 * The month on one screen: the students' payments (read from payments) beside the manual entries, and a line
 * per method of what came in and went out: what should be in the cash drawer.
 */
export function MonthView({
  period,
  onPeriodChange,
  employeeName,
}: {
  period: string;
  onPeriodChange: (period: string) => void;
  employeeName: (id: string | null) => string;
}) {
  const orgId = useOrgId();
  const month = useQuery({
    ...accountingMonthQueryOptions(orgId, period),
    enabled: /^\d{4}-\d{2}$/.test(period),
  });
  const m = month.data;
  return (
    <Stack spacing={2}>
      <TextField
        label="Ay"
        type="month"
        size="small"
        value={period}
        onChange={(e) => onPeriodChange(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ maxWidth: 200 }}
      />
      <QueryStatus loading={month.isFetching && !m} error={month.error} />
      {m && (
        <>
          <Typography variant="h6" component="h2">
            Yöntemlere göre toplamlar
          </Typography>
          <SmallTable
            label="Yöntemlere göre toplamlar"
            headers={[
              'Yöntem',
              'Tutar: öğrenci ödemeleri',
              'Tutar: diğer gelir',
              'Tutar: gider',
              'Tutar: net',
            ]}
            empty={m.byMethod.length === 0}
          >
            {m.byMethod.map((l) => (
              <TableRow key={l.method}>
                <TableCell>{methodLabel(l.method)}</TableCell>
                <TableCell align="right">{formatTl(l.payments)}</TableCell>
                <TableCell align="right">{formatTl(l.revenue)}</TableCell>
                <TableCell align="right">{formatTl(l.cost)}</TableCell>
                <TableCell align="right">{formatTl(l.net)}</TableCell>
              </TableRow>
            ))}
            <TableRow sx={{ '& td': { fontWeight: 700 } }}>
              <TableCell>Toplam</TableCell>
              <TableCell align="right">{formatTl(m.totals.payments)}</TableCell>
              <TableCell align="right">{formatTl(m.totals.revenue)}</TableCell>
              <TableCell align="right">{formatTl(m.totals.cost)}</TableCell>
              <TableCell align="right">{formatTl(m.totals.net)}</TableCell>
            </TableRow>
          </SmallTable>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Öğrenci ödemeleri
              </Typography>
              <SmallTable
                label="Öğrenci ödemeleri"
                headers={['Tarih', 'Öğrenci', 'Kurs', 'Yöntem', 'Tutar']}
                empty={m.payments.length === 0}
              >
                {m.payments.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>{formatDate(p.date)}</TableCell>
                    <TableCell>
                      {p.studentNumber !== null ? `${formatStudentNumber(p.studentNumber)} ` : ''}
                      {p.studentName ?? ''}
                    </TableCell>
                    <TableCell>{p.courseName ?? ''}</TableCell>
                    <TableCell>{methodLabel(p.method)}</TableCell>
                    <TableCell align="right">{formatTl(p.amount)}</TableCell>
                  </TableRow>
                ))}
              </SmallTable>
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Muhasebe kayıtları
              </Typography>
              <SmallTable
                label="Ayın muhasebe kayıtları"
                headers={['Tarih', 'Tür', 'Açıklama', 'Yöntem', 'Tutar']}
                empty={m.entries.length === 0}
              >
                {m.entries.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>{formatDate(e.date)}</TableCell>
                    <TableCell>{ACCOUNTING_TYPE_LABELS[e.type]}</TableCell>
                    <TableCell>
                      {ACCOUNTING_SUBTYPE_LABELS[e.subtype]}
                      {e.employeeId ? ` · ${employeeName(e.employeeId)}` : ''}
                      {e.notes ? ` · ${e.notes}` : ''}
                    </TableCell>
                    <TableCell>{methodLabel(e.method)}</TableCell>
                    <TableCell align="right">
                      {e.type === 'cost' ? '−' : ''}
                      {formatTl(e.amount)}
                    </TableCell>
                  </TableRow>
                ))}
              </SmallTable>
            </Grid>
          </Grid>
        </>
      )}
    </Stack>
  );
}
