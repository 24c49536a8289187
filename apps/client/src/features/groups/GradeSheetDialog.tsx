import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GRADE_LIMITS, type StudentListRow } from '@okul/domain';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { QueryStatus } from '../../components/QueryStatus';
import { GRADE_TEXTS, periodsOf, sheetRows, sheetValueInvalid, sheetWrites } from '../grades/grades';
import { gradesQueryOptions, useSaveGradeSheet } from '../grades/queries';
import { studentOptionLabel } from './groups';
import type { ClassView as Group } from '@okul/domain';

export interface GradeSheetDialogProps {
  orgId: string;
  group: Group;
  students: StudentListRow[];
  onClose: () => void;
}

/**
 * A group's grade sheet: one period, every member in one table; Enter moves to the next member's grade and
 * saving sends each new, changed or cleared grade (a cleared one is deleted).
 */
export function GradeSheetDialog({ orgId, group, students, onClose }: GradeSheetDialogProps) {
  const grades = useQuery(gradesQueryOptions(orgId, { classId: group.id }));
  const save = useSaveGradeSheet(orgId);
  const [period, setPeriod] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const byId = useMemo(() => new Map(students.map((s) => [s.id, s])), [students]);
  const members = useMemo(
    () =>
      [...group.members].sort((a, b) => {
        const x = byId.get(a);
        const y = byId.get(b);
        return `${x?.name ?? ''} ${x?.surname ?? ''}`.localeCompare(
          `${y?.name ?? ''} ${y?.surname ?? ''}`,
          'tr',
        );
      }),
    [group.members, byId],
  );
  const rows = useMemo(
    () => sheetRows(members, grades.data ?? [], group.id, period),
    [members, grades.data, group.id, period],
  );
  const periods = useMemo(() => periodsOf(grades.data ?? [], group.id), [grades.data, group.id]);
  const ended = new Set(group.endedMembers);
  const periodMissing = period.trim() === '';

  const moveDown = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    inputs.current[index + 1]?.focus();
  };

  const submit = async () => {
    if (periodMissing) {
      enqueueSnackbar(GRADE_TEXTS.periodRequired, { variant: 'warning' });
      return;
    }
    const writes = sheetWrites(rows, values, group, period);
    if (writes.length === 0) {
      enqueueSnackbar(GRADE_TEXTS.sheetUnchanged, { variant: 'info' });
      return;
    }
    const result = await save.mutateAsync(writes);
    setValues({});
    if (result.error === null) {
      enqueueSnackbar(GRADE_TEXTS.sheetSaved(result.saved), { variant: 'success' });
      onClose();
    } else {
      enqueueSnackbar(
        `${GRADE_TEXTS.addFailed}: ${result.error}${result.saved > 0 ? ` (${GRADE_TEXTS.sheetSaved(result.saved)})` : ''}`,
        { variant: 'error' },
      );
    }
  };

  return (
    <FormDialog
      title={`${group.title}: Not Çizelgesi`}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      submitLabel="Notları Kaydet"
      submitDisabled={periodMissing || Object.values(values).some(sheetValueInvalid)}
      cancelLabel="Kapat"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Autocomplete
          freeSolo
          options={periods}
          inputValue={period}
          onInputChange={(_, v) => {
            setPeriod(v.slice(0, GRADE_LIMITS.period));
            setValues({});
          }}
          renderInput={(params) => (
            <TextField {...params} label="Dönem" required placeholder="ör. 1. dönem" autoFocus />
          )}
        />
        <QueryStatus loading={grades.isPending} error={grades.error} />
        {members.length === 0 ? (
          <Alert severity="info">Bu grupta üye yok.</Alert>
        ) : (
          <Table size="small" aria-label="Not çizelgesi">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Öğrenci</TableCell>
                <TableCell sx={{ fontWeight: 600, width: 160 }}>Not</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, i) => {
                const s = byId.get(row.studentId);
                const name = s ? studentOptionLabel(s) : row.studentId;
                const value = values[row.studentId] ?? row.grade?.gradeValue ?? '';
                return (
                  <TableRow key={row.studentId}>
                    <TableCell>
                      <Typography variant="body2" component="span">
                        {name}
                      </Typography>
                      {ended.has(row.studentId) && (
                        <Chip size="small" color="warning" sx={{ ml: 1 }} label="Kaydı bitmiş" />
                      )}
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        fullWidth
                        disabled={periodMissing}
                        value={value}
                        error={sheetValueInvalid(value)}
                        onChange={(e) => setValues((v) => ({ ...v, [row.studentId]: e.target.value }))}
                        onKeyDown={moveDown(i)}
                        inputRef={(el: HTMLInputElement | null) => {
                          inputs.current[i] = el;
                        }}
                        slotProps={{
                          htmlInput: { 'aria-label': `${name} notu`, maxLength: GRADE_LIMITS.value },
                        }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        <Typography variant="caption" color="text.secondary">
          Enter bir alttaki öğrenciye geçer. Silinen not kaydedildiğinde kaldırılır.
        </Typography>
      </Stack>
    </FormDialog>
  );
}
