import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { PAYMENT_LIMITS, PAYMENT_METHODS } from '@okul/domain';
import { useCallback, useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { CourseField } from '../../../components/CourseField';
import { FormDatePicker } from '../../../components/FormDatePicker';
import { useCheckedDialogForm } from '../../../lib/checked-resolver';
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
  const check = useCallback(
    (form: PaymentForm) =>
      payment ? editPaymentPayload(payment.id, form) : addPaymentPayload(studentId, form),
    [payment, studentId],
  );
  const { control, submit, getValues, setValue } = useCheckedDialogForm({
    check,
    defaultValues: payment ? paymentFormOf(payment) : emptyPaymentForm(defaultCourseId),
    onSave,
    onClose,
  });
  const method = useWatch({ control, name: 'method' });
  // opened before the enrolments arrived: take the only active course once it is known
  useEffect(() => {
    if (!editing && defaultCourseId && !getValues('courseId')) setValue('courseId', defaultCourseId);
  }, [editing, defaultCourseId, getValues, setValue]);

  return (
    <FormDialog
      title={editing ? 'Ödemeyi Düzenle' : 'Ödeme Ekle'}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Kaydet"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="amount"
          label="Miktar (TL)"
          required
          autoFocus
          hint={method === 'correction' ? 'Düzeltmede eksi tutar da girilebilir' : undefined}
          maxLength={PAYMENT_LIMITS.amountLength}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <CourseField control={control} name="courseId" courses={courses} disabled={editing} />
        <FormTextField control={control} name="method" select label="Ödeme yöntemi">
          {PAYMENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </MenuItem>
          ))}
        </FormTextField>
        {!editing && <FormDatePicker control={control} name="date" label="Ödeme tarihi" />}
        <FormTextField
          control={control}
          name="referenceCode"
          label="Referans kodu"
          maxLength={PAYMENT_LIMITS.referenceCode}
        />
        <FormTextField control={control} name="notes" label="Notlar" maxLength={PAYMENT_LIMITS.notes} />
      </Stack>
    </FormDialog>
  );
}
