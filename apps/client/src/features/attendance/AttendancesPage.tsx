import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import Switch from '@mui/material/Switch';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { EmptyTableRow, OpenableTableRow, TableCard } from '../../components/TableParts';
import { useOrgId } from '../auth/useSession';
import { myInstructorsQueryOptions } from '../employees/queries';
import { AttendancePreviewDialog } from './AttendancePreviewDialog';
import {
  ATTENDANCE_PAGE_SIZE,
  formatAttendanceTime,
  instructorLabel,
  showsMyLessons,
  type AttendanceListSearch,
} from './attendance-helpers';
import { attendancesPageQueryOptions } from './queries';
import type { Attendance } from '@okul/domain';
import { useDebouncedValue } from './useDebouncedValue';

/** The search box asks the server once the user pauses typing. */
const SEARCH_DELAY_MS = 350;

const hideBelowMd = { display: { xs: 'none', md: 'table-cell' } };

/**
 * /giris/yoklamalar (school-instructor): attendances newest first, 100 a page, searched on the server by
 * course, instructor, code, date or student numbers (product.md 2, docs/DECISIONS.md); a row opens a preview.
 * A user linked to an instructor sees their own lessons first ("Benim derslerim", on by default; docs/DECISIONS.md).
 */
export function AttendancesPage({
  search,
  onSearchChange,
}: {
  search: AttendanceListSearch;
  onSearchChange: (next: AttendanceListSearch) => void;
}) {
  const orgId = useOrgId();
  const navigate = useNavigate();
  const [text, setText] = useState(search.q ?? '');
  const settled = useDebouncedValue(text, SEARCH_DELAY_MS);
  const [preview, setPreview] = useState<Attendance | null>(null);
  const page = search.page ?? 1;
  // Until it is known whether the user teaches here, no list is asked (it would flash all lessons first);
  // a failed read shows every lesson, as for a user linked to no instructor.
  const myInstructors = useQuery(myInstructorsQueryOptions(orgId));
  const linked = (myInstructors.data?.length ?? 0) > 0;
  const mine = showsMyLessons(search, linked);

  useEffect(() => {
    const q = settled.trim();
    if (q !== (search.q ?? '')) onSearchChange({ ...search, q: q || undefined, page: undefined });
  }, [settled, search, onSearchChange]);

  const query = useQuery({
    ...attendancesPageQueryOptions(orgId, { q: search.q, page, mine }),
    enabled: !myInstructors.isPending,
  });
  const rows = query.data?.attendances ?? [];
  const total = query.data?.total ?? 0;
  // a page beyond the end (rows deleted meanwhile) goes back to the last one
  const lastPage = Math.max(1, Math.ceil(total / ATTENDANCE_PAGE_SIZE));
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData && page > lastPage)
      onSearchChange({ ...search, page: lastPage > 1 ? lastPage : undefined });
  }, [query.isSuccess, query.isPlaceholderData, page, lastPage, search, onSearchChange]);

  return (
    <>
      <PageHeader
        title="Yoklamalar"
        subtitle={query.data ? `${total} yoklama${mine ? ' (derslerim)' : ''}` : undefined}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void navigate({ to: '/giris/yoklama-ekle' })}
          >
            Yoklama Ekle
          </Button>
        }
      />
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        label="Ara"
        helperText="Ders, eğitmen, yoklama kodu, tarih (gg.aa.yyyy) veya öğrenci numarasına göre filtreleyin"
        fullWidth
        sx={{ mb: linked ? 1 : 2 }}
        slotProps={{
          htmlInput: { maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {linked && (
        <FormControlLabel
          sx={{ mb: 1 }}
          control={
            <Switch
              checked={mine}
              onChange={(e) => onSearchChange({ ...search, mine: e.target.checked, page: undefined })}
            />
          }
          label="Benim derslerim"
        />
      )}
      {query.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Yoklamalar yüklenemedi: {errorText(query.error)}
        </Alert>
      )}
      <TableCard>
        {query.isFetching && <LinearProgress aria-label="Yükleniyor" />}
        <TableContainer sx={{ maxHeight: 660 }}>
          <Table stickyHeader size="small" aria-label="Yoklamalar">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600, width: 150 }}>Tarih</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>Ders</TableCell>
                <TableCell sx={{ fontWeight: 600, ...hideBelowMd }}>Eğitmen</TableCell>
                <TableCell sx={{ fontWeight: 600 }} align="right">
                  Katılımcı
                </TableCell>
                <TableCell sx={{ fontWeight: 600, ...hideBelowMd }}>Kod</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <EmptyTableRow colSpan={5}>
                  {query.isPending
                    ? 'Yükleniyor…'
                    : search.q
                      ? 'Aramaya uyan yoklama bulunamadı.'
                      : mine
                        ? 'Derslerinize ait yoklama yok.'
                        : 'Henüz yoklama alınmamış.'}
                </EmptyTableRow>
              ) : (
                rows.map((a) => (
                  <OpenableTableRow key={a.id} onOpen={() => setPreview(a)} openOnSpace>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAttendanceTime(a)}</TableCell>
                    <TableCell>{a.courseName ?? '—'}</TableCell>
                    <TableCell sx={hideBelowMd}>{instructorLabel(a)}</TableCell>
                    <TableCell align="right">{a.attendants.length}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', ...hideBelowMd }}>{a.code}</TableCell>
                  </OpenableTableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, lastPage) - 1}
          rowsPerPage={ATTENDANCE_PAGE_SIZE}
          // api.md 9.4: attendances 100 a page; the server pages, so the size is fixed
          rowsPerPageOptions={[ATTENDANCE_PAGE_SIZE]}
          onPageChange={(_, p) => onSearchChange({ ...search, page: p > 0 ? p + 1 : undefined })}
        />
      </TableCard>

      <AttendancePreviewDialog
        attendance={preview}
        onClose={() => setPreview(null)}
        onOpenDetail={(a) =>
          void navigate({ to: '/giris/yoklama-detay/$attendanceDBID', params: { attendanceDBID: a.id } })
        }
      />
    </>
  );
}
