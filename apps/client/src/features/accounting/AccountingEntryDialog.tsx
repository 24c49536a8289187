import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import {
  ACCOUNTING_LIMITS,
  ACCOUNTING_METHOD_LABELS,
  ACCOUNTING_METHODS,
  ACCOUNTING_SUBTYPE_LABELS,
  ACCOUNTING_TYPE_LABELS,
  ACCOUNTING_TYPES,
  type AccountingEntryView,
  type AccountingMethod,
  type AccountingSubtype,
  type AccountingType,
} from '@okul/domain';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import {
  accountingFormOf,
  checkAccountingForm,
  emptyAccountingForm,
  subtypeOptions,
  withSubtype,
  withType,
  type AccountingForm,
} from './accounting-form';
import type { EmployeeOption } from './queries';

export interface AccountingEntryDialogProps {
  /** null adds an entry; an entry edits it. */
  entry: AccountingEntryView | null;
  employees: EmployeeOption[];
  /** Set when the employees could not be read (their list belongs to the employees area). */
  employeesError: string | null;
  busy: boolean;
  onClose: () => void;
  onSave: (payload: Record<string, unknown>) => Promise<unknown>;
}

/** product.md 5 Accounting entry: save disabled until valid; the subtype list depends on the type. */
export function AccountingEntryDialog({
  entry,
  employees,
  employeesError,
  busy,
  onClose,
  onSave,
}: AccountingEntryDialogProps) {
  const [form, setForm] = useState<AccountingForm>(() =>
    entry ? accountingFormOf(entry) : emptyAccountingForm(),
  );
  const set = <K extends keyof AccountingForm>(key: K, value: AccountingForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const checked = checkAccountingForm(form);
  const fieldError = (k: keyof AccountingForm) => (checked.ok ? undefined : checked.fields[k]);

  const submit = async () => {
    if (!checked.ok) return;
    try {
      await onSave(entry ? { id: entry.id, ...checked.payload } : checked.payload);
      onClose();
    } catch {
      // the mutation showed "Kayıt eklenemedi. …"; the dialog keeps what was typed
    }
  };

  return (
    <FormDialog
      title={entry ? 'Muhasebe Kaydını Düzenle' : 'Muhasebe Kaydı Ekle'}
      busy={busy}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      submitLabel={busy ? 'Kaydediliyor' : 'Kaydet'}
      submitDisabled={!checked.ok}
      cancelLabel="Vazgeç"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            fullWidth
            label="Tür"
            value={form.type}
            onChange={(e) => setForm((f) => withType(f, e.target.value as AccountingType))}
            error={!!fieldError('type')}
          >
            {ACCOUNTING_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {ACCOUNTING_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            fullWidth
            label="Alt tür"
            value={form.subtype}
            disabled={form.type === ''}
            onChange={(e) => setForm((f) => withSubtype(f, e.target.value as AccountingSubtype))}
            error={form.type !== '' && !!fieldError('subtype')}
          >
            {subtypeOptions(form).map((s) => (
              <MenuItem key={s} value={s}>
                {ACCOUNTING_SUBTYPE_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {form.subtype === 'wage' && (
          <TextField
            select
            fullWidth
            label="Çalışan"
            value={form.employeeId}
            onChange={(e) => set('employeeId', e.target.value)}
            error={!!fieldError('employeeId') || employeesError !== null}
            helperText={employeesError ?? (employees.length === 0 ? 'Kayıtlı çalışan yok.' : undefined)}
          >
            {employees.map((e) => (
              <MenuItem key={e.id} value={e.id}>
                {`${e.name} ${e.surname}`}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            fullWidth
            label="Tutar (TL)"
            value={form.amount}
            onChange={(e) => set('amount', e.target.value)}
            error={form.amount !== '' && !!fieldError('amount')}
            slotProps={{ htmlInput: { maxLength: ACCOUNTING_LIMITS.amountLength, inputMode: 'decimal' } }}
          />
          <DatePicker
            label="Tarih"
            value={form.date}
            onChange={(d) => set('date', d)}
            slotProps={{ textField: { fullWidth: true, error: !!fieldError('date') } }}
          />
        </Stack>
        <TextField
          select
          fullWidth
          label="Yöntem"
          value={form.method}
          onChange={(e) => set('method', e.target.value as AccountingMethod)}
        >
          {ACCOUNTING_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {ACCOUNTING_METHOD_LABELS[m]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          label="Makbuz no"
          value={form.receiptNumber}
          onChange={(e) => set('receiptNumber', e.target.value)}
          error={!!fieldError('receiptNumber')}
          helperText={fieldError('receiptNumber')}
          slotProps={{ htmlInput: { maxLength: ACCOUNTING_LIMITS.receiptNumber } }}
        />
        <TextField
          fullWidth
          multiline
          minRows={2}
          maxRows={6}
          label="Notlar"
          value={form.notes}
          onChange={(e) => set('notes', e.target.value)}
          error={!!fieldError('notes')}
          helperText={fieldError('notes')}
          slotProps={{ htmlInput: { maxLength: ACCOUNTING_LIMITS.notes } }}
        />
        {!checked.ok && (
          <Alert severity="warning" role="status">
            {checked.warning}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
