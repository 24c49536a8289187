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
import { formatTl, type StatisticsAnswer, type StatisticsGroup, type StatisticsMonth } from '@okul/domain';
import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { QueryStatus } from '../../components/QueryStatus';
import { EmptyTableRow, TableCard } from '../../components/TableParts';
import { formatDateTime } from '../../lib/format';
import { useOrgId } from '../auth/useSession';
import { formatCount, formatRate, monthLabel } from './format';
import { StatChart } from './StatChart';
import { statisticsQueryOptions, type StatisticsFilters } from './queries';

function FigureTable({
  label,
  headers,
  children,
}: {
  label: string;
  headers: string[];
  children: ReactNode;
}) {
  return (
    <TableCard>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {headers.map((h, i) => (
                <TableCell key={h} sx={{ fontWeight: 600 }} align={i === 0 ? 'left' : 'right'}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
    </TableCard>
  );
}

const tl = (kurus: number) => formatTl(Math.round(kurus));
const percentOf = (rate: number) => formatRate(rate);

function MonthsTable({ months }: { months: StatisticsMonth[] }) {
  const labels = months.map((m) => monthLabel(m.month));
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Öğrenciler ve kayıtlar
      </Typography>
      <StatChart
        label="Aylara göre öğrenciler grafiği"
        categories={labels}
        format={formatCount}
        series={[
          { label: 'Aktif öğrenci', data: months.map((m) => m.activeStudents) },
          { label: 'Yeni öğrenci', data: months.map((m) => m.newStudents), color: '#2e9d5b' },
          { label: 'Ayrılan öğrenci', data: months.map((m) => m.leavingStudents), color: '#ed6c02' },
        ]}
      />
      <FigureTable
        label="Aylara göre öğrenciler"
        headers={['Ay', 'Aktif öğrenci', 'Aktif kayıt', 'Yeni öğrenci', 'Ayrılan öğrenci', 'Ders', 'Katılım']}
      >
        {months.map((m) => (
          <TableRow key={m.month}>
            <TableCell>{monthLabel(m.month)}</TableCell>
            <TableCell align="right">{formatCount(m.activeStudents)}</TableCell>
            <TableCell align="right">{formatCount(m.activeEnrollments)}</TableCell>
            <TableCell align="right">{formatCount(m.newStudents)}</TableCell>
            <TableCell align="right">{formatCount(m.leavingStudents)}</TableCell>
            <TableCell align="right">{formatCount(m.lessons)}</TableCell>
            <TableCell align="right">{formatCount(m.attendees)}</TableCell>
          </TableRow>
        ))}
      </FigureTable>
      <Typography variant="h6" component="h2">
        Tahsilat ve tahakkuk
      </Typography>
      <StatChart
        label="Aylara göre tahsilat ve tahakkuk grafiği"
        categories={labels}
        format={tl}
        series={[
          { label: 'Tahsilat', data: months.map((m) => m.collections), color: '#2e9d5b' },
          { label: 'Tahakkuk', data: months.map((m) => m.charges), color: '#ed6c02' },
        ]}
      />
      <FigureTable
        label="Aylara göre tahsilat ve tahakkuk"
        headers={['Ay', 'Tahsilat', 'Tahakkuk', 'Tahsilat oranı']}
      >
        {months.map((m) => (
          <TableRow key={m.month}>
            <TableCell>{monthLabel(m.month)}</TableCell>
            <TableCell align="right">{formatTl(m.collections)}</TableCell>
            <TableCell align="right">{formatTl(m.charges)}</TableCell>
            <TableCell align="right">{formatRate(m.collectionRate)}</TableCell>
          </TableRow>
        ))}
        <TableRow sx={{ '& td': { fontWeight: 700 } }}>
          <TableCell>Toplam</TableCell>
          <TableCell align="right">{formatTl(months.reduce((a, m) => a + m.collections, 0))}</TableCell>
          <TableCell align="right">{formatTl(months.reduce((a, m) => a + m.charges, 0))}</TableCell>
          <TableCell />
        </TableRow>
      </FigureTable>
    </Stack>
  );
}

function GroupTable({ title, label, groups }: { title: string; label: string; groups: StatisticsGroup[] }) {
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {groups.length > 0 && (
        <StatChart
          label={`${label}: katılım oranı grafiği`}
          categories={groups.map((g) => g.name)}
          format={percentOf}
          horizontal
          height={Math.max(160, 48 * groups.length + 60)}
          series={[{ label: 'Katılım oranı', data: groups.map((g) => g.attendanceRate) }]}
        />
      )}
      <FigureTable label={label} headers={['Ad', 'Ders', 'Katılım', 'Kayıtlı', 'Katılım oranı']}>
        {groups.length === 0 ? (
          <EmptyTableRow colSpan={5}>Bu dönemde ders yok.</EmptyTableRow>
        ) : (
          groups.map((g) => (
            <TableRow key={g.id ?? 'none'}>
              <TableCell>{g.name}</TableCell>
              <TableCell align="right">{formatCount(g.lessons)}</TableCell>
              <TableCell align="right">{formatCount(g.attendees)}</TableCell>
              <TableCell align="right">{formatCount(g.enrolled)}</TableCell>
              <TableCell align="right">{formatRate(g.attendanceRate)}</TableCell>
            </TableRow>
          ))
        )}
      </FigureTable>
    </Stack>
  );
}

const AGE_LABELS: Record<string, string> = {
  '0-30': '0-30 gün',
  '31-60': '31-60 gün',
  '61-90': '61-90 gün',
  '90+': '90 günden eski',
};

/** What students owe, by the age of the unpaid charges (the oldest are settled first by payments). */
function DebtAgeingTable({ ageing }: { ageing: StatisticsAnswer['debtAgeing'] }) {
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        Borç yaşlandırma
      </Typography>
      <StatChart
        label="Borç yaşlandırma grafiği"
        categories={ageing.buckets.map((b) => AGE_LABELS[b.bucket])}
        format={tl}
        series={[{ label: 'Ödenmemiş tutar', data: ageing.buckets.map((b) => b.amount), color: '#d32f2f' }]}
      />
      <FigureTable label="Borç yaşlandırma" headers={['Borç yaşı', 'Tutar', 'Öğrenci']}>
        {ageing.buckets.map((b) => (
          <TableRow key={b.bucket}>
            <TableCell>{AGE_LABELS[b.bucket]}</TableCell>
            <TableCell align="right">{formatTl(b.amount)}</TableCell>
            <TableCell align="right">{formatCount(b.students)}</TableCell>
          </TableRow>
        ))}
        <TableRow sx={{ '& td': { fontWeight: 700 } }}>
          <TableCell>Toplam</TableCell>
          <TableCell align="right">{formatTl(ageing.total)}</TableCell>
          <TableCell align="right">{formatCount(ageing.students)}</TableCell>
        </TableRow>
      </FigureTable>
    </Stack>
  );
}

/**
 * İstatistikler (school-admin): the institution's months from the statistics read model, each figure as the
 * records stood at the chosen date (empty = now).
 */
export function StatisticsPage() {
  const orgId = useOrgId();
  const [filters, setFilters] = useState<StatisticsFilters>({ from: '', to: '', asOf: '' });
  const stats = useQuery(statisticsQueryOptions(orgId, filters));
  const set = (k: keyof StatisticsFilters) => (e: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [k]: e.target.value }));
  const s = stats.data;
  return (
    <Stack spacing={2}>
      <PageHeader title="İstatistikler" subtitle="Aylara göre öğrenciler, tahsilat, dersler ve borçlar" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Başlangıç ayı"
          type="month"
          size="small"
          value={filters.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Bitiş ayı"
          type="month"
          size="small"
          value={filters.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Şu tarih itibarıyla"
          type="date"
          size="small"
          value={filters.asOf}
          onChange={set('asOf')}
          helperText="Boş bırakılırsa bugün"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <QueryStatus loading={stats.isFetching && !s} error={stats.error} />
      {s && (
        <>
          <Typography variant="body2" color="text.secondary">
            {monthLabel(s.from)} – {monthLabel(s.to)}, {formatDateTime(s.asOf)} itibarıyla kayıtlara göre
          </Typography>
          <MonthsTable months={s.months} />
          <DebtAgeingTable ageing={s.debtAgeing} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <GroupTable title="Kurslara göre dersler" label="Kurslara göre dersler" groups={s.byCourse} />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <GroupTable
                title="Eğitmenlere göre dersler"
                label="Eğitmenlere göre dersler"
                groups={s.byInstructor}
              />
            </Grid>
          </Grid>
        </>
      )}
    </Stack>
  );
}
