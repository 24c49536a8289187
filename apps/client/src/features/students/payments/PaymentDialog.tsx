import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { PAYMENT_LIMITS, PAYMENT_METHODS, type PaymentMethod, message } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import type { Payment } from '@okul/domain';
import {
  PAYMENT_METHOD_LABELS,
  addPaymentPayload,
  editPaymentPayload,
  emptyPaymentForm,
  paymentFormOf,
  type PaymentForm,
} from './payment-form';

export interface PaymentDialogProps {
  studentId: string;
  /** null adds a payment; a payment edits its amount, method, reference code and notes. */
  payment: Payment | null;
  /** The courses a payment may be for. */
  courses: Array<{ id: string; name: string }>;
  defaultCourseId: string;
  busy: boolean;
  onClose: () => void;
  onSave: (payload: Record<string, unknown>) => Promise<unknown>;
}

/** product.md 5 Payment: Enter submits; the warnings come before anything is sent. */
export function PaymentDialog({
  studentId,
  payment,
  courses,
  defaultCourseId,
  busy,
  onClose,
  onSave,
}: PaymentDialogProps) {
  const editing = payment !== null;
  const [form, setForm] = useState<PaymentForm>(() =>
    payment ? paymentFormOf(payment) : emptyPaymentForm(defaultCourseId),
  );
  const set = <K extends keyof PaymentForm>(key: K, value: PaymentForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  // opened before the enrolments arrived: take the only active course once it is known
  useEffect(() => {
    if (!editing && defaultCourseId) setForm((f) => (f.courseId ? f : { ...f, courseId: defaultCourseId }));
  }, [editing, defaultCourseId]);

  const submit = async () => {
    const checked = payment ? editPaymentPayload(payment.id, form) : addPaymentPayload(studentId, form);
    if (!checked.ok) {
      enqueueSnackbar(checked.message, { variant: 'warning' });
      return;
    }
    try {
      await onSave(checked.payload);
      onClose();
    } catch {
      // the mutation showed "Ödeme eklenemedi: …" / "Ödeme düzenlenemedi: …"
    }
  };

  return (
    <FormDialog
      title={editing ? 'Ödemeyi Düzenle' : 'Ödeme Ekle'}
      busy={busy}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      submitLabel="Kaydet"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Miktar (TL)"
          required
          autoFocus
          value={form.amount}
          onChange={(e) => set('amount', e.target.value)}
          helperText={form.method === 'correction' ? 'Düzeltmede eksi tutar da girilebilir' : undefined}
          slotProps={{ htmlInput: { maxLength: PAYMENT_LIMITS.amountLength, inputMode: 'decimal' } }}
        />
        <TextField
          select
          label="Kurs"
          required
          disabled={editing}
          value={form.courseId}
          onChange={(e) => set('courseId', e.target.value)}
          helperText={courses.length === 0 ? message('student.noOptions') : undefined}
        >
          {courses.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Ödeme yöntemi"
          value={form.method}
          onChange={(e) => set('method', e.target.value as PaymentMethod | '')}
        >
          {PAYMENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </MenuItem>
          ))}
        </TextField>
        {!editing && (
          <DatePicker
            label="Ödeme tarihi"
            value={form.date}
            onChange={(d) => set('date', d)}
            slotProps={{ textField: { fullWidth: true } }}
          />
        )}
        <TextField
          label="Referans kodu"
          value={form.referenceCode}
          onChange={(e) => set('referenceCode', e.target.value)}
          slotProps={{ htmlInput: { maxLength: PAYMENT_LIMITS.referenceCode } }}
        />
        <TextField
          label="Notlar"
          value={form.notes}
          onChange={(e) => set('notes', e.target.value)}
          slotProps={{ htmlInput: { maxLength: PAYMENT_LIMITS.notes } }}
        />
      </Stack>
    </FormDialog>
  );
}
