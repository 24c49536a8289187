import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { formatStudentNumber, message, type Student } from '@okul/domain';
import { useState } from 'react';
import { TextInput } from '../../../components/TextInput';
import { useStudentWrite } from '../queries';

/**
 * "Kişisel verileri sil" (KVKK): asks twice, first the warning, then the student number typed as
 * confirmation (the server checks it again). The name is not repeated in the second step on purpose: the
 * typed number is what confirms which student goes.
 */
export function EraseStudentDialog({
  orgId,
  student,
  open,
  onClose,
}: {
  orgId: string;
  student: Student;
  open: boolean;
  onClose: () => void;
}) {
  const [step, setStep] = useState<1 | 2>(1);
  const [typed, setTyped] = useState('');
  const erase = useStudentWrite<{ id: string; confirmation: string }>(orgId, 'eraseStudentPersonalData', {
    success: message('student.erasedToast'),
    failure: message('student.eraseFailed'),
  });
  const number = formatStudentNumber(student.studentNumber);
  const matches = typed.trim() === number;
  const close = () => {
    if (erase.isPending) return;
    setStep(1);
    setTyped('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
      <DialogTitle>{message('student.eraseTitle')}</DialogTitle>
      <DialogContent>
        {step === 1 ? (
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>
              <strong>
                {student.name} {student.surname}
              </strong>{' '}
              ({number})
            </Typography>
            <Alert severity="warning">{message('student.eraseWarning')}</Alert>
          </>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {message('student.eraseConfirmPrompt', { number })}
            </Typography>
            <TextInput
              label="Öğrenci numarası"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoFocus
              fullWidth
              error={typed.trim() !== '' && !matches}
              helperText={
                typed.trim() !== '' && !matches ? message('student.eraseConfirmMismatch') : undefined
              }
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={erase.isPending}>
          İptal
        </Button>
        {step === 1 ? (
          <Button variant="contained" color="error" onClick={() => setStep(2)}>
            Devam
          </Button>
        ) : (
          <Button
            variant="contained"
            color="error"
            disabled={!matches || erase.isPending}
            onClick={() =>
              erase.mutate({ id: student.id, confirmation: typed.trim() }, { onSuccess: () => close() })
            }
          >
            {message('student.eraseTitle')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
