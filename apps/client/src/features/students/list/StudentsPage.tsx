import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatStudentNumber, studentAge, message } from '@okul/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type Column } from '../../../components/PaginatedTable';
import { formatDateTime } from '../../../lib/format';
import { useOrgId } from '../../auth/useSession';
import { studentListQueryOptions } from '../queries';
import type { StudentListRow } from '@okul/domain';
import {
  activeCourseLabel,
  formatDateParts,
  nextSort,
  sortStudents,
  todayOf,
  visibleStudents,
  type SortKey,
  type SortState,
} from './student-table';

/** api.md 9.4: the students table shows 100 rows a page and is 700 px high. */
const PAGE_SIZE = 100;
const TABLE_HEIGHT = 700;

/** /giris/ogrenciler (school-admin): search, the inactive checkbox and the sortable table of product.md 2. */
export function StudentsPage() {
  const orgId = useOrgId();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(studentListQueryOptions(orgId));
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [showInactive, setShowInactive] = useState(false);
  const [sort, setSort] = useState<SortState>(null);
  const today = useMemo(() => todayOf(), []);

  const rows = useMemo(
    () => sortStudents(visibleStudents(data, { query: deferredQuery, showInactive }), sort, today),
    [data, deferredQuery, showInactive, sort, today],
  );
  const emptyText =
    data.length === 0
      ? message('student.emptyTable')
      : deferredQuery.trim() !== ''
        ? 'Aramaya uyan öğrenci yok.'
        : 'Aktif öğrenci yok. İnaktif öğrencileri görmek için kutuyu işaretleyin.';

  const columns: Column<StudentListRow, SortKey>[] = [
    { key: 'studentNumber', header: 'No', cell: (s) => formatStudentNumber(s.studentNumber) },
    {
      key: 'id',
      header: 'id',
      hideBelow: 'lg',
      cell: (s) => (
        <Typography variant="caption" sx={{ fontFamily: 'monospace' }} title={s.id}>
          {s.id.slice(0, 8)}
        </Typography>
      ),
    },
    { key: 'name', header: 'İsim', cell: (s) => s.name },
    { key: 'surname', header: 'Soyisim', cell: (s) => s.surname },
    { key: 'age', header: 'Yaş', cell: (s) => studentAge(s, today) ?? '', hideBelow: 'sm', align: 'right' },
    {
      key: 'active',
      header: 'Aktif',
      hideBelow: 'sm',
      cell: (s) =>
        s.deletedAt ? (
          <Chip size="small" color="error" variant="outlined" label="Silinmiş" />
        ) : (
          <Chip
            size="small"
            color={s.active ? 'secondary' : 'default'}
            variant={s.active ? 'filled' : 'outlined'}
            label={s.active ? 'Evet' : 'Hayır'}
          />
        ),
    },
    {
      key: 'activeCourses',
      header: 'Aktif kurslar',
      hideBelow: 'md',
      cell: (s) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {s.activeCourses.map((c) => (
            <Chip key={c.enrollmentId} size="small" variant="outlined" label={activeCourseLabel(c)} />
          ))}
        </Stack>
      ),
    },
    {
      key: 'registrationDate',
      header: 'Kayıt Tarihi',
      hideBelow: 'md',
      cell: (s) => formatDateParts(s.regD, s.regM, s.regY),
    },
    {
      key: 'createdAt',
      header: 'Sisteme Eklenme',
      hideBelow: 'lg',
      cell: (s) => formatDateTime(s.createdAt),
    },
    { key: 'createdByName', header: 'Ekleyen', hideBelow: 'lg', cell: (s) => s.createdByName ?? '' },
    { key: 'editedAt', header: 'Son Düzenlenme', hideBelow: 'lg', cell: (s) => formatDateTime(s.editedAt) },
    { key: 'editedByName', header: 'Son Düzenleyen', hideBelow: 'lg', cell: (s) => s.editedByName ?? '' },
  ];
  const open = (s: StudentListRow) =>
    void navigate({
      to: '/giris/ogrenci-detay/$studentNumber',
      params: { studentNumber: String(s.studentNumber) },
    });

  return (
    <>
      <PageHeader
        title="Öğrenciler"
        subtitle={`${data.filter((s) => s.active && !s.deletedAt).length} aktif öğrenci`}
        actions={
          <Stack direction="row" spacing={1}>
            <ExportMenu orgId={orgId} call="exportStudents" />
            <Button startIcon={<UploadFileIcon />} component={Link} to="/giris/ogrenciler/ice-aktar">
              İçe aktar
            </Button>
            <Button
              variant="contained"
              startIcon={<PersonAddIcon />}
              component={Link}
              to="/giris/ogrenci-kayit"
            >
              Yeni Öğrenci Kayıt
            </Button>
          </Stack>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          label="Ara"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          helperText="Numara, isim, kurs veya TC kimlik no ile filtreleyin"
          sx={{ flex: 1, maxWidth: 520 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <FormControlLabel
          control={<Checkbox checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} />}
          label="İnaktif öğrencileri göster"
        />
      </Stack>
      <PaginatedTable
        rows={rows}
        columns={columns}
        rowKey={(s) => s.id}
        emptyText={emptyText}
        defaultPageSize={PAGE_SIZE}
        maxHeight={TABLE_HEIGHT}
        ariaLabel="Öğrenciler"
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key))}
        onRowClick={open}
        rowDimmed={(s) => !!s.deletedAt}
        resetPageOn={`${query}|${showInactive}`}
      />
      <Box sx={{ height: 16 }} />
    </>
  );
}
