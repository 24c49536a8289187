import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatAttendanceTime, instructorLabel, studentLabel } from './attendance-helpers';
import type { Attendance } from '@okul/domain';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** product.md 2 Attendance list: the preview of a row, with a button that opens the detail. */
export function AttendancePreviewDialog({
  attendance,
  onClose,
  onOpenDetail,
}: {
  attendance: Attendance | null;
  onClose: () => void;
  onOpenDetail: (a: Attendance) => void;
}) {
  return (
    <Dialog open={attendance !== null} onClose={onClose} maxWidth="sm" fullWidth>
      {attendance && (
        <>
          <DialogTitle>Yoklama {attendance.code}</DialogTitle>
          <DialogContent>
            <Stack spacing={1}>
              <Field label="Tarih">{formatAttendanceTime(attendance)}</Field>
              <Field label="Ders">{attendance.courseName ?? '—'}</Field>
              <Field label="Eğitmen">{instructorLabel(attendance)}</Field>
            </Stack>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              Katılan öğrenciler ({attendance.students.length})
            </Typography>
            <List dense aria-label="Katılan öğrenciler">
              {attendance.students.map((s) => (
                <ListItem key={s.id} disableGutters>
                  <ListItemText primary={studentLabel(s)} />
                </ListItem>
              ))}
            </List>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Kapat</Button>
            <Button variant="contained" onClick={() => onOpenDetail(attendance)}>
              Detayı Aç
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
