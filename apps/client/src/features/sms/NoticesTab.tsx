import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  SMS_NOTICE_KINDS,
  SMS_NOTICE_PLACEHOLDERS,
  SMS_NOTICE_TEXT_MAX,
  SMS_TYPES,
  parseTl,
  smsNoticeSettingsSchema,
  smsSegments,
  toDecimalTl,
  type SmsNoticeKind,
  type SmsNoticeSettings,
} from '@okul/domain';
import { useEffect, useState } from 'react';
import { PaginatedTable } from '../../components/PaginatedTable';
import { PHONE_LABELS } from './PhoneList';
import { smsNoticePreviewQueryOptions, smsNoticeSettingsQueryOptions, useSaveSmsNotices } from './queries';

const HINTS: Record<SmsNoticeKind, string> = {
  debtWarning: 'Borcu eşiği geçen öğrencinin velisine bir kez; aylık günde borcu olan herkese.',
  absenceNotice: 'Yoklaması alınmış bir derse gelmeyen öğrencinin velisine, ders bitince (günde bir kez).',
  lessonReminder: 'Yarın dersi olan öğrencilere, programdaki ilk dersi için (günde bir kez).',
};

/**
 * OTOMATİK BİLDİRİMLER: the three automatic notices, each switched on and worded here, with a preview of
 * who would get what now. Notices are informational: they go to any phone whose owner did not answer RET.
 */
export function NoticesTab({ orgId }: { orgId: string }) {
  const saved = useQuery(smsNoticeSettingsQueryOptions(orgId));
  const [draft, setDraft] = useState<SmsNoticeSettings | null>(null);
  const [threshold, setThreshold] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<SmsNoticeKind | null>(null);
  const save = useSaveSmsNotices(orgId);
  useEffect(() => {
    if (saved.data) {
      setDraft(saved.data);
      setThreshold(toDecimalTl(saved.data.debtWarning.threshold).replace('.', ','));
    }
  }, [saved.data]);
  if (saved.error) return <Alert severity="error">{saved.error.message}</Alert>;
  if (!draft) return null;

  const setKind = <K extends SmsNoticeKind>(kind: K, patch: Partial<SmsNoticeSettings[K]>) =>
    setDraft({ ...draft, [kind]: { ...draft[kind], ...patch } });

  const submit = () => {
    const kurus = parseTl(threshold);
    const parsed = smsNoticeSettingsSchema.safeParse({
      ...draft,
      debtWarning: { ...draft.debtWarning, threshold: kurus ?? -1 },
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  return (
    <Stack spacing={2}>
      <Alert severity="info">
        Metinlerde {SMS_NOTICE_PLACEHOLDERS.join(', ')} yer tutucuları kullanılabilir. Bildirimler
        bilgilendirme amaçlıdır; RET yanıtı veren numaralara gönderilmez, aynı gün aynı öğrenciye bir kez
        gider ve SMS kredisi yettiği kadar gönderilir.
      </Alert>
      {SMS_NOTICE_KINDS.map((kind) => (
        <Card key={kind} variant="outlined">
          <CardContent>
            <Stack spacing={1.5}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={draft[kind].enabled}
                      onChange={(e) => setKind(kind, { enabled: e.target.checked })}
                    />
                  }
                  label={<Typography sx={{ fontWeight: 600 }}>{SMS_TYPES[kind].label}</Typography>}
                />
                <Button size="small" onClick={() => setPreview(kind)}>
                  Önizle
                </Button>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {HINTS[kind]}
              </Typography>
              <TextField
                label={`${SMS_TYPES[kind].label} metni`}
                multiline
                minRows={2}
                value={draft[kind].text}
                onChange={(e) => setKind(kind, { text: e.target.value })}
                slotProps={{ htmlInput: { maxLength: SMS_NOTICE_TEXT_MAX } }}
                helperText={`${draft[kind].text.length} karakter, yaklaşık ${smsSegments(draft[kind].text)} SMS`}
              />
              {kind === 'debtWarning' && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    label="Borç eşiği (TL)"
                    value={threshold}
                    onChange={(e) => setThreshold(e.target.value)}
                    slotProps={{ htmlInput: { maxLength: 20, inputMode: 'decimal' } }}
                  />
                  <TextField
                    select
                    label="Aylık hatırlatma günü"
                    value={draft.debtWarning.monthlyDay ?? ''}
                    onChange={(e) =>
                      setKind('debtWarning', {
                        monthlyDay: e.target.value === '' ? null : Number(e.target.value),
                      })
                    }
                    sx={{ minWidth: 220 }}
                  >
                    <MenuItem value="">Yok</MenuItem>
                    {Array.from({ length: 28 }, (_, i) => (
                      <MenuItem key={i + 1} value={i + 1}>
                        Her ayın {i + 1}. günü
                      </MenuItem>
                    ))}
                  </TextField>
                </Stack>
              )}
            </Stack>
          </CardContent>
        </Card>
      ))}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          label="Gönderim saati"
          value={draft.sendHour}
          onChange={(e) => setDraft({ ...draft, sendHour: Number(e.target.value) })}
          sx={{ minWidth: 180 }}
        >
          {Array.from({ length: 24 }, (_, h) => (
            <MenuItem key={h} value={h}>
              {String(h).padStart(2, '0')}:00 ve sonrası
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Kaydet
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {preview && <NoticePreview orgId={orgId} kind={preview} />}
    </Stack>
  );
}

function NoticePreview({ orgId, kind }: { orgId: string; kind: SmsNoticeKind }) {
  const q = useQuery(smsNoticePreviewQueryOptions(orgId, kind));
  if (q.error) return <Alert severity="error">{q.error.message}</Alert>;
  if (!q.data) return null;
  const p = q.data;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          Önizleme: {SMS_TYPES[kind].label}
          {p.enabled ? '' : ' (kapalı)'}
        </Typography>
        <Typography variant="body2" gutterBottom>
          Şu an gönderilseydi: {p.messages.length} SMS, {p.credits} kredi (kalan kredi: {p.creditsLeft}).
        </Typography>
        <PaginatedTable
          rows={p.messages}
          rowKey={(m) => m.studentId}
          ariaLabel="Gönderilecek bildirimler"
          emptyText="Şu an bu bildirimi alacak öğrenci yok."
          columns={[
            { key: 'name', header: 'Öğrenci', cell: (m) => m.name },
            {
              key: 'dest',
              header: 'Numara',
              cell: (m) => `${m.dest} ${PHONE_LABELS[m.phoneKind as keyof typeof PHONE_LABELS] ?? ''}`,
            },
            { key: 'msg', header: 'Mesaj', cell: (m) => m.msg },
            { key: 'credits', header: 'Kredi', cell: (m) => m.credits },
          ]}
        />
        {p.skipped.length > 0 && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              Gönderilmeyecekler
            </Typography>
            <PaginatedTable
              rows={p.skipped}
              rowKey={(s) => s.studentId}
              ariaLabel="Bildirim gönderilmeyecek öğrenciler"
              emptyText=""
              columns={[
                { key: 'name', header: 'Öğrenci', cell: (s) => s.name },
                { key: 'reason', header: 'Neden', cell: (s) => s.label },
              ]}
            />
          </>
        )}
        {kind === 'debtWarning' && (
          <Typography variant="caption" color="text.secondary">
            Tutarlar öğrencinin şu anki bakiyesinden hesaplanır.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
