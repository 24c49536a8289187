import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  SMS_MAX_LENGTH,
  SMS_TYPES,
  consentOf,
  message,
  phoneOf,
  smsSegments,
  truncateSms,
  type SmsPhoneKind,
} from '@okul/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormTextField } from '../../components/FormTextField';
import { errorText } from '../../api/client';
import { PHONE_KIND_LABELS, sendRefusalProblem } from './send-problems';
import { smsReminderFormSchema, type SmsReminderValues } from './sms-form';
import { smsStudentRecipientsQueryOptions, useSendSms } from './queries';

/**
 * The SMS twin of the student detail's WhatsApp reminder: one debt warning (Ödeme Uyarısı) to the chosen phone,
 * prefilled with the reminder text, through sendSms. product.md 5: only a phone with consent ONAY, and only
 * with enough credits; both are read afresh when the dialog opens.
 */
export function SmsReminderDialog({
  orgId,
  studentId,
  kind,
  initialText,
  onClose,
}: {
  orgId: string;
  studentId: string;
  kind: SmsPhoneKind;
  initialText: string;
  onClose: () => void;
}) {
  const {
    control,
    handleSubmit,
    formState: { isValid },
  } = useForm<SmsReminderValues>({
    resolver: zodResolver(smsReminderFormSchema),
    defaultValues: { message: initialText },
    mode: 'onChange',
  });
  const text = useWatch({ control, name: 'message' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const recipients = useQuery(smsStudentRecipientsQueryOptions(orgId, studentId));
  const send = useSendSms(orgId);
  const student = recipients.data?.students.find((s) => s.id === studentId);
  const phone = student ? phoneOf(student, kind) : null;
  const allowed = student !== undefined && phone !== null && consentOf(student, kind) === 'ONAY';
  const credits = recipients.data?.smsCredits ?? 0;
  const needed = text.trim() === '' ? 0 : smsSegments(truncateSms(text));
  const enough = needed <= credits;

  const submit = handleSubmit(({ message: body }) => {
    if (!student || !phone) return;
    setRefusal(null);
    send.mutate(
      { type: 'debtWarning', messages: [{ DBID: student.id, destination: phone, message: body }] },
      {
        onSuccess: onClose,
        onError: (error) => {
          const named = sendRefusalProblem(error, [student]);
          setRefusal(
            named ? `${named.title}: ${named.rows.map((r) => r.label).join(', ')}` : errorText(error),
          );
        },
      },
    );
  });

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="sms-reminder-title">
      <DialogTitle id="sms-reminder-title">SMS ile ödeme hatırlatması</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {recipients.error && <Alert severity="error">{errorText(recipients.error)}</Alert>}
          <Typography variant="body2">
            <b>Tür:</b> {SMS_TYPES.debtWarning.label} · <b>{PHONE_KIND_LABELS[kind]}:</b> {phone ?? '—'}{' '}
            {student && !allowed ? message('sms.noConsentLabel') : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Kalan SMS krediniz: {recipients.data ? credits : '…'}
          </Typography>
          <FormTextField
            control={control}
            name="message"
            label="Mesaj"
            multiline
            minRows={4}
            fullWidth
            hint={`${[...text].length}/${SMS_MAX_LENGTH} karakter · ${needed} boy · ${needed} kredi`}
          />
          {recipients.data && !enough && (
            <Typography color="error">({message('sms.notEnoughCredits')})</Typography>
          )}
          {refusal && (
            <Alert severity="error" role="alert">
              {message('sms.sendFailed', { reason: refusal })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Vazgeç</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!isValid || !allowed || !enough || send.isPending || !recipients.data}
        >
          SMS Gönder
        </Button>
      </DialogActions>
    </Dialog>
  );
}
