import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { QueryStatus } from '../../../components/QueryStatus';
import { EmptyTableRow, OpenableTableRow, TableCard } from '../../../components/TableParts';
import { useOrgId } from '../../auth/useSession';
import { HistoryButton } from '../../history/HistoryDialog';
import { formatDateParts } from '../list/student-table';
import { ATTENDANCE_PAGE_SIZE, studentAttendancesQueryOptions } from '../queries';
import type { Attendance as StudentAttendance } from '@okul/domain';

const time = (a: StudentAttendance) =>
  `${String(a.hour).padStart(2, '0')}:${String(a.minute).padStart(2, '0')}`;

/**
 * product.md 2: the student's attendances, for everyone who may open the detail (getAttendances?studentId=,
 * paged on the server, 100 a page, newest lesson first). A row opens the attendance detail.
 */
export function StudentAttendances({
  studentId,
  withHistory = false,
}: {
  studentId: string;
  /** The Geçmiş of each attendance (school-admin and up). */
  withHistory?: boolean;
}) {
  const orgId = useOrgId();
  const router = useRouter();
  const [page, setPage] = useState(0);
  const { data, error, isPending, isFetching } = useQuery(
    studentAttendancesQueryOptions(orgId, studentId, page),
  );
  const rows = data?.attendances ?? [];
  const open = (a: StudentAttendance) => void router.navigate({ href: `/giris/yoklama-detay/${a.id}` });

  return (
    <TableCard>
      <QueryStatus loading={isPending || isFetching} error={error} />
      <TableContainer sx={{ maxHeight: 660 }}>
        <Table stickyHeader size="small" aria-label="Yoklamalar">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Kod</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Tarih</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Saat</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Kurs</TableCell>
              {withHistory && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <EmptyTableRow colSpan={withHistory ? 5 : 4}>
                {isPending ? 'Yükleniyor…' : 'Yoklama kaydı yok.'}
              </EmptyTableRow>
            ) : (
              rows.map((a) => (
                <OpenableTableRow key={a.id} onOpen={() => open(a)}>
                  <TableCell>{a.code}</TableCell>
                  <TableCell>{formatDateParts(a.day, a.month, a.year)}</TableCell>
                  <TableCell>{time(a)}</TableCell>
                  <TableCell>{a.courseName ?? 'Silinmiş kurs'}</TableCell>
                  {withHistory && (
                    <TableCell align="right">
                      <HistoryButton kind="attendance" id={a.id} title={`Yoklama ${a.code}`} />
                    </TableCell>
                  )}
                </OpenableTableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={page}
        rowsPerPage={ATTENDANCE_PAGE_SIZE}
        rowsPerPageOptions={[ATTENDANCE_PAGE_SIZE]}
        onPageChange={(_, p) => setPage(p)}
      />
    </TableCard>
  );
}
