import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  message,
  type SendSmsInput,
  type SmsNoticeKind,
  type SmsNoticeSettings,
  type smsNoticePreviewAnswerSchema,
  type SmsOutboxRecord,
  type SmsStatus,
  type SmsRecipients,
} from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';
import type { z } from 'zod';

export const smsKeys = {
  recipients: (orgId: string) => orgKey(orgId, 'smsRecipients'),
  outbox: (orgId: string, status: SmsStatus | '') => orgKey(orgId, `smsOutbox:${status}`),
  notices: (orgId: string) => orgKey(orgId, 'smsNotices'),
  preview: (orgId: string, kind: SmsNoticeKind) => orgKey(orgId, `smsNoticePreview:${kind}`),
};

export const smsNoticeSettingsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: smsKeys.notices(orgId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<SmsNoticeSettings>(`/orgs/${orgId}/getSmsNoticeSettings`, { signal })),
  });

export type SmsNoticePreview = z.infer<typeof smsNoticePreviewAnswerSchema>;

/** Who a notice would reach now (asked afresh each time the preview opens). */
export const smsNoticePreviewQueryOptions = (orgId: string, kind: SmsNoticeKind) =>
  queryOptions({
    queryKey: smsKeys.preview(orgId, kind),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<SmsNoticePreview>(`/orgs/${orgId}/getSmsNoticePreview?kind=${kind}`, { signal })),
    staleTime: 0,
  });

export function useSaveSmsNotices(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: SmsNoticeSettings) =>
      unwrap(await api.post<SmsNoticeSettings>(`/orgs/${orgId}/updateSmsNoticeSettings`, settings)),
    onSuccess: async () => {
      enqueueSnackbar('Otomatik bildirim ayarları kaydedildi.', { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: orgKey(orgId) });
    },
    onError: (error) => enqueueSnackbar(errorText(error), { variant: 'error' }),
  });
}

export const smsRecipientsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: smsKeys.recipients(orgId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<SmsRecipients>(`/orgs/${orgId}/getSmsRecipients`, { signal })),
  });

/** The credits and one student's phones with their consents, read afresh (the student detail's SMS reminder). */
export const smsStudentRecipientsQueryOptions = (orgId: string, studentId: string) =>
  queryOptions({
    queryKey: orgKey(orgId, `smsRecipients:${studentId}`),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<SmsRecipients>(
          `/orgs/${orgId}/getSmsRecipients?studentId=${encodeURIComponent(studentId)}`,
          { signal },
        ),
      ),
    staleTime: 0,
  });

export type OutboxRecord = SmsOutboxRecord & { reason: string | null };

/** The outbox refreshes itself while messages are on their way (sending, waiting). */
export const smsOutboxQueryOptions = (orgId: string, status: SmsStatus | '') =>
  queryOptions({
    queryKey: smsKeys.outbox(orgId, status),
    queryFn: async ({ signal }) => {
      const r = await api.get<OutboxRecord[]>(
        `/orgs/${orgId}/getSmsOutbox${status ? `?status=${status}` : ''}`,
        { signal },
      );
      if (!r.ok) throw new Error(message('sms.outboxFailed', { reason: r.error }));
      return r.data;
    },
    refetchInterval: (q) =>
      (q.state.data ?? []).some((m) => m.status === 'sending' || m.status === 'waiting') ? 2000 : false,
  });

/** api.md 8.6: "Toplam N SMS başarıyla gönderildi!" or "SMS gönderilirken bir hata oluştu: ...". */
export function useSendSms(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Omit<SendSmsInput, 'SendAt'> & { SendAt?: string | null }) =>
      unwrap(
        await api.post<{ count: number; message: string; dropped: { DBID: string; destination: string }[] }>(
          `/orgs/${orgId}/sendSms`,
          input,
        ),
      ),
    onSuccess: async (r) => {
      enqueueSnackbar(r.message, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: orgKey(orgId) });
    },
    onError: (error) => {
      enqueueSnackbar(message('sms.sendFailed', { reason: errorText(error) }), { variant: 'error' });
    },
  });
}

/** The phone book (api.md 9.2) as a download; "Telefon numarası yok, ..." when there is none. */
export async function downloadPhoneBook(orgId: string): Promise<void> {
  const r = await api.get<Blob>(`/orgs/${orgId}/getSmsPhoneBook`, { responseType: 'blob' });
  if (!r.ok) {
    enqueueSnackbar(r.error, { variant: 'error' });
    return;
  }
  const name = /filename="([^"]+)"/.exec(r.headers.get('Content-Disposition') ?? '')?.[1] ?? 'vCard.vcf';
  const url = URL.createObjectURL(r.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
