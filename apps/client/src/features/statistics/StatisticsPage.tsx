import Box from '@mui/material/Box';
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
import { formatTl, type StatisticsGroup, type StatisticsMonth } from '@okul/domain';
import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { QueryStatus } from '../../components/QueryStatus';
import { EmptyTableRow, TableCard } from '../../components/TableParts';
import { formatDateTime } from '../../lib/format';
import { useOrgId } from '../auth/useSession';
import { formatCount, formatRate, monthLabel } from './format';
import { statisticsQueryOptions, type StatisticsFilters } from './queries';

/** A bar in a cell: the chart of a column, drawn beside the figure it shows (the table is the chart's data). */
function Bar({ value, max, color = 'primary.main' }: { value: number; max: number; color?: string }) {
  const width = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <Box sx={{ height: 6, bgcolor: 'action.hover', borderRadius: 1, mt: 0.5 }} aria-hidden>
      <Box sx={{ height: 6, width: `${width}%`, bgcolor: color, borderRadius: 1 }} />
    </Box>
  );
}

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

function MonthsTable({ months }: { months: StatisticsMonth[] }) {
  const maxStudents = Math.max(0, ...months.map((m) => m.activeStudents));
  const maxMoney = Math.max(0, ...months.flatMap((m) => [m.collections, m.charges]));
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Öğrenciler ve kayıtlar
      </Typography>
      <FigureTable
        label="Aylara göre öğrenciler"
        headers={['Ay', 'Aktif öğrenci', 'Aktif kayıt', 'Yeni öğrenci', 'Ayrılan öğrenci', 'Ders', 'Katılım']}
      >
        {months.map((m) => (
          <TableRow key={m.month}>
            <TableCell>{monthLabel(m.month)}</TableCell>
            <TableCell align="right" sx={{ minWidth: 120 }}>
              {formatCount(m.activeStudents)}
              <Bar value={m.activeStudents} max={maxStudents} />
            </TableCell>
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
      <FigureTable
        label="Aylara göre tahsilat ve tahakkuk"
        headers={['Ay', 'Tahsilat', 'Tahakkuk', 'Tahsilat oranı']}
      >
        {months.map((m) => (
          <TableRow key={m.month}>
            <TableCell>{monthLabel(m.month)}</TableCell>
            <TableCell align="right" sx={{ minWidth: 140 }}>
              {formatTl(m.collections)}
              <Bar value={m.collections} max={maxMoney} color="success.main" />
            </TableCell>
            <TableCell align="right" sx={{ minWidth: 140 }}>
              {formatTl(m.charges)}
              <Bar value={m.charges} max={maxMoney} color="warning.main" />
            </TableCell>
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
  const max = Math.max(0, ...groups.map((g) => g.lessons));
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <FigureTable label={label} headers={['Ad', 'Ders', 'Katılım', 'Ders başına katılım']}>
        {groups.length === 0 ? (
          <EmptyTableRow colSpan={4}>Bu dönemde ders yok.</EmptyTableRow>
        ) : (
          groups.map((g) => (
            <TableRow key={g.id ?? 'none'}>
              <TableCell>{g.name}</TableCell>
              <TableCell align="right" sx={{ minWidth: 100 }}>
                {formatCount(g.lessons)}
                <Bar value={g.lessons} max={max} />
              </TableCell>
              <TableCell align="right">{formatCount(g.attendees)}</TableCell>
              <TableCell align="right">
                {(g.attendees / g.lessons).toLocaleString('tr-TR', { maximumFractionDigits: 1 })}
              </TableCell>
            </TableRow>
          ))
        )}
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
      <PageHeader title="İstatistikler" subtitle="Aylara göre öğrenciler, tahsilat ve dersler" />
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
