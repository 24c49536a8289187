import DownloadIcon from '@mui/icons-material/Download';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import {
  SMS_MAX_LENGTH,
  SMS_PHONE_KINDS,
  SMS_STATUSES,
  SMS_STATUS_KEYS,
  SMS_TYPES,
  consentOf,
  message,
  phoneOf,
  smsSegments,
  truncateSms,
  type SmsPhoneKind,
  type SmsStatus,
  type SmsStudentPhones,
} from '@okul/domain';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { PaginatedTable, type Column } from '../../components/PaginatedTable';
import { useOrgId } from '../auth/useSession';
import { ConsentQr } from './ConsentQr';
import { NoticesTab } from './NoticesTab';
import { PHONE_LABELS, PhoneList, selectable, selectionKey } from './PhoneList';
import { droppedProblem, sendRefusalProblem, type SmsProblem } from './send-problems';
import { SmsCreditDialog } from './SmsCreditDialog';
import {
  downloadPhoneBook,
  smsOutboxQueryOptions,
  smsRecipientsQueryOptions,
  useSendSms,
  type OutboxRecord,
} from './queries';

const TABS = [
  'SMS DURUMU',
  'SMS İZİNLERİ',
  'TOPLU SMS GÖNDER',
  'TEK SMS GÖNDER',
  'OTOMATİK BİLDİRİMLER',
] as const;
const dateTime = (v: string | null) =>
  v ? new Date(v).toLocaleString('tr-TR', { timeZone: 'Europe/Istanbul' }) : '—';

/** /giris/sms (school-admin): product.md 2 with its four tabs, and ours for the automatic notices. */
export function SmsPage() {
  const orgId = useOrgId();
  const { data } = useSuspenseQuery(smsRecipientsQueryOptions(orgId));
  const [tab, setTab] = useState(0);
  const [buying, setBuying] = useState(false);
  return (
    <>
      <PageHeader
        title="SMS Yönetimi"
        subtitle={`Kalan SMS krediniz: ${data.smsCredits}`}
        actions={
          <>
            <Button variant="contained" onClick={() => setBuying(true)}>
              SMS Kredisi Satın Al
            </Button>
            <Button startIcon={<DownloadIcon />} onClick={() => void downloadPhoneBook(orgId)}>
              Rehberi indir (vCard)
            </Button>
          </>
        }
      />
      <SmsCreditDialog open={buying} organizationId={orgId} onClose={() => setBuying(false)} />
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="scrollable" sx={{ mb: 2 }}>
        {TABS.map((t) => (
          <Tab key={t} label={t} />
        ))}
      </Tabs>
      {tab === 0 && <StatusTab orgId={orgId} />}
      {tab === 1 && <ConsentTab orgId={orgId} students={data.students} />}
      {tab === 2 && <BulkTab orgId={orgId} credits={data.smsCredits} students={data.students} />}
      {tab === 3 && <SingleTab orgId={orgId} credits={data.smsCredits} students={data.students} />}
      {tab === 4 && <NoticesTab orgId={orgId} />}
    </>
  );
}

function StatusTab({ orgId }: { orgId: string }) {
  const [status, setStatus] = useState<SmsStatus | ''>('');
  const [detail, setDetail] = useState<OutboxRecord | null>(null);
  const outbox = useQuery(smsOutboxQueryOptions(orgId, status));
  const columns: Column<OutboxRecord>[] = [
    { key: 'at', header: 'Tarih', cell: (m) => dateTime(m.createdAt) },
    { key: 'dest', header: 'Numara', cell: (m) => m.dest },
    {
      key: 'msg',
      header: 'Mesaj',
      cell: (m) => (m.msg.length > 60 ? `${m.msg.slice(0, 60)}…` : m.msg),
      hideBelow: 'md',
    },
    { key: 'size', header: 'Boy', cell: (m) => m.size, hideBelow: 'md' },
    { key: 'credits', header: 'Kredi', cell: (m) => m.credits },
    { key: 'status', header: 'Durum', cell: (m) => <Chip size="small" label={SMS_STATUSES[m.status]} /> },
    {
      key: 'detail',
      header: '',
      cell: (m) => (
        <IconButton size="small" aria-label="Detay" onClick={() => setDetail(m)}>
          <InfoIcon fontSize="small" />
        </IconButton>
      ),
    },
  ];
  return (
    <>
      <TextField
        select
        size="small"
        label="Durum"
        value={status}
        onChange={(e) => setStatus(e.target.value as SmsStatus | '')}
        sx={{ mb: 2, minWidth: 220 }}
      >
        <MenuItem value="">Tümü</MenuItem>
        {SMS_STATUS_KEYS.map((s) => (
          <MenuItem key={s} value={s}>
            {SMS_STATUSES[s]}
          </MenuItem>
        ))}
      </TextField>
      {outbox.error && <Alert severity="error">{outbox.error.message}</Alert>}
      <PaginatedTable
        rows={outbox.data ?? []}
        columns={columns}
        rowKey={(m) => m.id}
        emptyText="Gönderilmiş SMS yok."
        ariaLabel="SMS giden kutusu"
      />
      <Dialog open={detail !== null} onClose={() => setDetail(null)} maxWidth="sm" fullWidth>
        <DialogTitle>SMS Detayı</DialogTitle>
        <DialogContent>
          {detail && (
            <Stack spacing={0.5}>
              {(
                [
                  ['Durum', SMS_STATUSES[detail.status]],
                  ['Tür', SMS_TYPES[detail.type]?.label ?? detail.type],
                  ['Neden', detail.cause ?? 'Personel gönderimi'],
                  ['Numara', detail.dest],
                  ['Mesaj', detail.msg],
                  ['Boy / Kredi', `${detail.size} / ${detail.credits}`],
                  ['Gönderen', detail.sourceAddr],
                  ['Oluşturulma', dateTime(detail.createdAt)],
                  ['İletilme', dateTime(detail.sentAt)],
                  ['Sonuç', dateTime(detail.doneAt)],
                  ['Kampanya', `${detail.campaignId ?? '—'} (${detail.campaignCustomId})`],
                  ['Mesaj no', `${detail.messageId ?? '—'} (${detail.messageCustomId})`],
                  ['Görev', detail.taskStatus],
                  ['Operatör hata kodu', detail.gsmError ?? '—'],
                  ['Hata nedeni', detail.reason ?? '—'],
                ] as const
              ).map(([k, v]) => (
                <Typography key={k} variant="body2">
                  <b>{k}:</b> {v}
                </Typography>
              ))}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDetail(null)}>Kapat</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function ConsentTab({ orgId, students }: { orgId: string; students: SmsStudentPhones[] }) {
  const columns: Column<SmsStudentPhones>[] = [
    { key: 'name', header: 'Öğrenci', cell: (s) => `${s.studentNumber ?? ''} ${s.name} ${s.surname}` },
    ...SMS_PHONE_KINDS.map((kind): Column<SmsStudentPhones> => ({
      key: kind,
      header: PHONE_LABELS[kind],
      cell: (s) => {
        const phone = phoneOf(s, kind);
        if (!phone) return '—';
        const c = consentOf(s, kind);
        return (
          <>
            {phone}{' '}
            <Chip
              size="small"
              color={c === 'ONAY' ? 'success' : c === 'RET' ? 'error' : 'default'}
              label={c ?? 'İzin yok'}
            />
          </>
        );
      },
    })),
  ];
  return (
    <>
      <ConsentQr orgId={orgId} />
      <PaginatedTable
        rows={students}
        columns={columns}
        rowKey={(s) => s.id}
        emptyText="Öğrenci yok."
        ariaLabel="SMS izinleri"
        defaultPageSize={100}
      />
    </>
  );
}

/** The live counter: characters, segments and the credits of the selected phones (api.md 9.2). */
function MessageBox({
  text,
  onChange,
  count,
}: {
  text: string;
  onChange: (v: string) => void;
  count: number;
}) {
  const segments = smsSegments(truncateSms(text));
  return (
    <TextField
      label="Mesaj"
      multiline
      minRows={4}
      fullWidth
      value={text}
      onChange={(e) => onChange(e.target.value)}
      helperText={`${[...text].length}/${SMS_MAX_LENGTH} karakter · ${segments} boy · ${count} numara · ${segments * count} kredi`}
    />
  );
}

function SendButton({
  count,
  needed,
  credits,
  busy,
  onSend,
}: {
  count: number;
  needed: number;
  credits: number;
  busy: boolean;
  onSend: () => void;
}) {
  const [confirm, setConfirm] = useState(false);
  const enough = needed <= credits;
  return (
    <Box sx={{ mt: 2 }}>
      <Button
        variant="contained"
        disabled={count === 0 || needed === 0 || !enough || busy}
        onClick={() => setConfirm(true)}
      >
        Gönder
      </Button>
      {!enough && (
        <Typography component="span" color="error" sx={{ ml: 2 }}>
          ({message('sms.notEnoughCredits')})
        </Typography>
      )}
      <ConfirmDialog
        open={confirm}
        title="SMS Gönderimi"
        confirmLabel="Gönder"
        busy={busy}
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          onSend();
        }}
      >
        Toplam {count} SMS gönderilecek ({needed} kredi). Bu işlem geri alınamaz.
      </ConfirmDialog>
    </Box>
  );
}

/** Who a send left out or was refused for, named from the server's details; bulk sends can unselect them. */
function ProblemAlert({
  problem,
  severity,
  onUnselect,
}: {
  problem: SmsProblem | null;
  severity: 'warning' | 'error';
  onUnselect?: (keys: string[]) => void;
}) {
  if (!problem) return null;
  const keys = problem.rows.flatMap((r) => (r.key ? [r.key] : []));
  return (
    <Alert
      severity={severity}
      role="alert"
      action={
        onUnselect && keys.length > 0 ? (
          <Button color="inherit" size="small" onClick={() => onUnselect(keys)}>
            Seçimden çıkar
          </Button>
        ) : undefined
      }
    >
      {problem.title}:
      <Box component="ul" aria-label={problem.title} sx={{ my: 0.5, pl: 3 }}>
        {problem.rows.map((r, i) => (
          <li key={`${r.key ?? r.label}-${i}`}>{r.label}</li>
        ))}
      </Box>
    </Alert>
  );
}

function BulkTab({
  orgId,
  credits,
  students,
}: {
  orgId: string;
  credits: number;
  students: SmsStudentPhones[];
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<{ problem: SmsProblem; severity: 'warning' | 'error' } | null>(null);
  const send = useSendSms(orgId);
  const byId = useMemo(() => new Map(students.map((s) => [s.id, s])), [students]);
  const toggle = (key: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const selectAll = () =>
    setSelected(
      new Set(
        students.flatMap((s) =>
          SMS_PHONE_KINDS.filter((k) => selectable(s, k)).map((k) => selectionKey(s.id, k)),
        ),
      ),
    );
  const pickOne = () =>
    setSelected(
      new Set(
        students.flatMap((s) => {
          const k = SMS_PHONE_KINDS.find((kind) => selectable(s, kind));
          return k ? [selectionKey(s.id, k)] : [];
        }),
      ),
    );
  const needed = smsSegments(truncateSms(text)) * selected.size;
  return (
    <Stack spacing={2}>
      <MessageBox text={text} onChange={setText} count={selected.size} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button onClick={selectAll}>İzinli tüm numaraları seç</Button>
        <Button onClick={pickOne}>Öğrenci başına ilk izinli numara</Button>
        <Button onClick={() => setSelected(new Set())}>Seçimi temizle</Button>
      </Stack>
      <PhoneList students={students} selected={selected} onToggle={toggle} />
      <ProblemAlert
        problem={problem?.problem ?? null}
        severity={problem?.severity ?? 'error'}
        onUnselect={(keys) => {
          setSelected((prev) => new Set([...prev].filter((k) => !keys.includes(k))));
          setProblem(null);
        }}
      />
      <SendButton
        count={selected.size}
        needed={needed}
        credits={credits}
        busy={send.isPending}
        onSend={() => {
          setProblem(null);
          send.mutate(
            {
              type: 'general',
              messages: [...selected].map((key) => {
                const [id, kind] = key.split(':') as [string, SmsPhoneKind];
                return { DBID: id, destination: phoneOf(byId.get(id)!, kind) ?? '', message: text };
              }),
            },
            {
              onSuccess: (r) => {
                setSelected(new Set());
                const dropped = droppedProblem(r.dropped, students);
                if (dropped) setProblem({ problem: dropped, severity: 'warning' });
              },
              onError: (error) => {
                const refused = sendRefusalProblem(error, students);
                if (refused) setProblem({ problem: refused, severity: 'error' });
              },
            },
          );
        }}
      />
    </Stack>
  );
}

function SingleTab({
  orgId,
  credits,
  students,
}: {
  orgId: string;
  credits: number;
  students: SmsStudentPhones[];
}) {
  const [student, setStudent] = useState<SmsStudentPhones | null>(null);
  const [kind, setKind] = useState<SmsPhoneKind | ''>('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<SmsProblem | null>(null);
  const send = useSendSms(orgId);
  const count = student && kind ? 1 : 0;
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Autocomplete
        options={students}
        value={student}
        onChange={(_, s) => {
          setStudent(s);
          setKind(s ? (SMS_PHONE_KINDS.find((k) => selectable(s, k)) ?? '') : '');
        }}
        getOptionLabel={(s) => `${s.studentNumber ?? ''} ${s.name} ${s.surname}`}
        renderInput={(params) => <TextField {...params} label="Öğrenci" />}
      />
      {student && (
        <TextField
          select
          label="Numara"
          value={kind}
          onChange={(e) => setKind(e.target.value as SmsPhoneKind)}
        >
          {SMS_PHONE_KINDS.filter((k) => phoneOf(student, k)).map((k) => (
            <MenuItem key={k} value={k} disabled={!selectable(student, k)}>
              {PHONE_LABELS[k]}: {phoneOf(student, k)}{' '}
              {selectable(student, k) ? '' : message('sms.noConsentLabel')}
            </MenuItem>
          ))}
        </TextField>
      )}
      <MessageBox text={text} onChange={setText} count={count} />
      <ProblemAlert problem={problem} severity="error" />
      <SendButton
        count={count}
        needed={smsSegments(truncateSms(text)) * count}
        credits={credits}
        busy={send.isPending}
        onSend={() => {
          if (!student || !kind) return;
          setProblem(null);
          send.mutate(
            {
              type: 'general',
              messages: [{ DBID: student.id, destination: phoneOf(student, kind) ?? '', message: text }],
            },
            { onError: (error) => setProblem(sendRefusalProblem(error, students)) },
          );
        }}
      />
    </Stack>
  );
}
