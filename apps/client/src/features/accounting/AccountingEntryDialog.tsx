import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import {
  ACCOUNTING_LIMITS,
  ACCOUNTING_METHOD_LABELS,
  ACCOUNTING_METHODS,
  ACCOUNTING_SUBTYPE_LABELS,
  ACCOUNTING_TYPE_LABELS,
  ACCOUNTING_TYPES,
  type AccountingEntryView,
} from '@okul/domain';
import { useForm, useWatch } from 'react-hook-form';
import { FormDatePicker } from '../../components/FormDatePicker';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { checkedResolver } from '../../lib/checked-resolver';
import {
  accountingDraft,
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

/**
 * product.md 5 Accounting entry: save disabled until valid (the domain's check, as the server's); the
 * subtype list depends on the type, and changing the type clears the subtype and the employee.
 */
const resolver = checkedResolver((form: AccountingForm) => {
  const checked = checkAccountingForm(form);
  return checked.ok ? { ok: true, payload: checked.payload } : { ok: false, message: checked.warning };
});

export function AccountingEntryDialog({
  entry,
  employees,
  employeesError,
  busy,
  onClose,
  onSave,
}: AccountingEntryDialogProps) {
  const { control, handleSubmit, setValue } = useForm<
    AccountingForm,
    unknown,
    ReturnType<typeof accountingDraft>
  >({ resolver, defaultValues: entry ? accountingFormOf(entry) : emptyAccountingForm() });
  const form = useWatch({ control }) as AccountingForm;
  const checked = checkAccountingForm(form);
  const fieldError = (k: keyof AccountingForm) => (checked.ok ? undefined : checked.fields[k]);

  const submit = handleSubmit(async (payload) => {
    try {
      await onSave(entry ? { id: entry.id, ...payload } : payload);
      onClose();
    } catch {
      // the mutation showed "Kayıt eklenemedi. …"; the dialog keeps what was typed
    }
  });

  return (
    <FormDialog
      title={entry ? 'Muhasebe Kaydını Düzenle' : 'Muhasebe Kaydı Ekle'}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={busy ? 'Kaydediliyor' : 'Kaydet'}
      submitDisabled={!checked.ok}
      cancelLabel="Vazgeç"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="type"
            select
            fullWidth
            label="Tür"
            invalid={!!fieldError('type')}
            onValueChange={(type) => {
              const next = withType(form, type as AccountingForm['type']);
              setValue('subtype', next.subtype);
              setValue('employeeId', next.employeeId);
            }}
          >
            {ACCOUNTING_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {ACCOUNTING_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="subtype"
            select
            fullWidth
            label="Alt tür"
            disabled={form.type === ''}
            invalid={form.type !== '' && !!fieldError('subtype')}
            onValueChange={(subtype) =>
              setValue('employeeId', withSubtype(form, subtype as AccountingForm['subtype']).employeeId)
            }
          >
            {subtypeOptions(form).map((s) => (
              <MenuItem key={s} value={s}>
                {ACCOUNTING_SUBTYPE_LABELS[s]}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
        {form.subtype === 'wage' && (
          <FormTextField
            control={control}
            name="employeeId"
            select
            fullWidth
            label="Çalışan"
            invalid={!!fieldError('employeeId') || employeesError !== null}
            hint={employeesError ?? (employees.length === 0 ? 'Kayıtlı çalışan yok.' : undefined)}
          >
            {employees.map((e) => (
              <MenuItem key={e.id} value={e.id}>
                {`${e.name} ${e.surname}`}
              </MenuItem>
            ))}
          </FormTextField>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="amount"
            fullWidth
            label="Tutar (TL)"
            invalid={form.amount !== '' && !!fieldError('amount')}
            maxLength={ACCOUNTING_LIMITS.amountLength}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <FormDatePicker control={control} name="date" label="Tarih" invalid={!!fieldError('date')} />
        </Stack>
        <FormTextField control={control} name="method" select fullWidth label="Yöntem">
          {ACCOUNTING_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {ACCOUNTING_METHOD_LABELS[m]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="receiptNumber"
          fullWidth
          label="Makbuz no"
          invalid={!!fieldError('receiptNumber')}
          hint={fieldError('receiptNumber')}
          maxLength={ACCOUNTING_LIMITS.receiptNumber}
        />
        <FormTextField
          control={control}
          name="notes"
          fullWidth
          multiline
          minRows={2}
          maxRows={6}
          label="Notlar"
          invalid={!!fieldError('notes')}
          hint={fieldError('notes')}
          maxLength={ACCOUNTING_LIMITS.notes}
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
