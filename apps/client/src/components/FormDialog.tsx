import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEventHandler, ReactNode } from 'react';

export interface FormDialogProps {
  open?: boolean;
  title: ReactNode;
  /** While a save runs the dialog cannot be closed and both buttons are disabled. */
  busy: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: ReactNode;
  /** Disables the submit button besides busy (e.g. nothing changed yet). */
  submitDisabled?: boolean;
  cancelLabel?: string;
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
}

/** A dialog holding a form: Enter submits, and a cancel and a submit button close it off. */
export function FormDialog({
  open = true,
  title,
  busy,
  onClose,
  onSubmit,
  submitLabel,
  submitDisabled = false,
  cancelLabel = 'İptal',
  maxWidth = 'sm',
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth={maxWidth} fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
