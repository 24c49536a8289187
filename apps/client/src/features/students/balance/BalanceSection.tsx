import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SmsIcon from '@mui/icons-material/Sms';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  balanceTotals,
  formatTl,
  message,
  nextLessonsDebtByCourse,
  normalizeSmsDestination,
  reminderAmount,
  statementPeriod,
  sumKurus,
  type Kurus,
  type SmsPhoneKind,
} from '@okul/domain';
import { downloadPdf } from '../../receipts/download';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ExportMenu } from '../../../components/ExportMenu';
import { PaginatedTable, type Column } from '../../../components/PaginatedTable';
import { QueryStatus } from '../../../components/QueryStatus';
import { formatDateTime } from '../../../lib/format';
import { useReadySession } from '../../auth/useSession';
import { coursesQueryOptions } from '../../courses/queries';
import { balanceSheetQueryOptions, balancesQueryOptions, enrollmentsQueryOptions } from '../queries';
import type { BalanceSheetRow, CourseBalanceRow, Student } from '@okul/domain';
import { SmsReminderDialog } from '../../sms/SmsReminderDialog';
import { BalanceCalendar } from './BalanceCalendar';
import { ENTRY_LABELS, formatSignedTl, whatsappLink, whatsappReminderText } from './balance';

function Stat({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: string;
  color?: string;
  testId: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" data-testid={testId} sx={{ color, fontWeight: 700 }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The period's days that are set, as the calls take them. */
const rangeOf = (p: { from: string; to: string }) => ({
  ...(p.from ? { from: p.from } : {}),
  ...(p.to ? { to: p.to } : {}),
});

const signColor = (k: Kurus) => (k > 0 ? 'secondary.dark' : k < 0 ? 'error.main' : undefined);

/**
 * The balance part of the student detail (school-admin, product.md 2 and 4): the balance and total owed
 * (getStudentBalances), the next-4-lessons debt, a WhatsApp reminder, and the balance events as a month
 * calendar and a dated list (getStudentBalanceSheet). Positive means prepaid; zero or less means due.
 */
export function BalanceSection({ student }: { student: Student }) {
  const { organization } = useReadySession();
  const orgId = organization.id;
  const balances = useQuery(balancesQueryOptions(orgId, student.id));
  const sheet = useQuery(balanceSheetQueryOptions(orgId, student.id));
  const enrollments = useQuery(enrollmentsQueryOptions(orgId, student.id));
  const courses = useQuery(coursesQueryOptions(orgId));

  const names = useMemo(() => new Map((courses.data ?? []).map((c) => [c.id, c.name])), [courses.data]);
  const courseName = (id: string) => names.get(id) ?? 'Bilinmeyen kurs';
  const rows = balances.data ?? [];
  // The Hesap Ekstresi's period (calendar days, both included; empty = open): the table, PDF and export follow it.
  const [period, setPeriod] = useState({ from: '', to: '' });
  const range = rangeOf(period);
  const reversed = period.from !== '' && period.to !== '' && period.from > period.to;
  const shown = useMemo(
    () => statementPeriod(sheet.data ?? [], reversed ? {} : rangeOf(period)),
    [sheet.data, period, reversed],
  );
  const totals = balanceTotals(rows);
  const nextLessons = useMemo(
    () => nextLessonsDebtByCourse(enrollments.data ?? [], new Date().toISOString()),
    [enrollments.data],
  );
  const nextTotal = sumKurus(nextLessons.values());
  const remind = reminderAmount(totals, nextLessons.values());
  const reminder = whatsappReminderText({
    studentName: `${student.name} ${student.surname}`,
    amount: remind,
    organizationName: organization.name,
    owes: totals.totalOwed > 0,
  });
  const phones = [
    { label: 'Öğrenci', phone: student.phone },
    { label: '1. Veli', phone: student.parent1Phone },
    { label: '2. Veli', phone: student.parent2Phone },
  ]
    .map((p) => ({ ...p, href: whatsappLink(p.phone, reminder) }))
    .filter((p): p is { label: string; phone: string; href: string } => p.href !== null);
  // The SMS twin of each WhatsApp button; product.md 5: a phone may be chosen only with consent ONAY.
  const smsPhones = (
    [
      {
        kind: 'studentPhone',
        label: 'Öğrenci',
        phone: student.phone,
        consent: student.studentPhoneOptInStatus,
      },
      {
        kind: 'parent1Phone',
        label: '1. Veli',
        phone: student.parent1Phone,
        consent: student.parent1PhoneOptInStatus,
      },
      {
        kind: 'parent2Phone',
        label: '2. Veli',
        phone: student.parent2Phone,
        consent: student.parent2PhoneOptInStatus,
      },
    ] as const
  ).filter((p) => normalizeSmsDestination(p.phone) !== null);
  const [smsTo, setSmsTo] = useState<SmsPhoneKind | null>(null);

  const courseColumns: Column<CourseBalanceRow>[] = [
    { key: 'course', header: 'Kurs', cell: (r) => r.courseName ?? courseName(r.courseId) },
    { key: 'charged', header: 'Tahakkuk', align: 'right', cell: (r) => formatTl(r.charged) },
    { key: 'paid', header: 'Ödenen', align: 'right', cell: (r) => formatTl(r.paid) },
    {
      key: 'balance',
      header: 'Bakiye',
      align: 'right',
      cell: (r) => (
        <Box component="span" sx={{ color: signColor(r.balancePerCourse), fontWeight: 600 }}>
          {formatSignedTl(r.balancePerCourse)}
        </Box>
      ),
    },
    {
      key: 'next',
      header: 'Sonraki 4 ders',
      align: 'right',
      hideBelow: 'sm',
      cell: (r) => {
        const next = nextLessons.get(r.courseId);
        return next === undefined ? '—' : formatTl(next);
      },
    },
  ];
  const sheetColumns: Column<BalanceSheetRow>[] = [
    { key: 'time', header: 'Tarih', cell: (e) => formatDateTime(e.timestamp) },
    { key: 'type', header: 'Tür', cell: (e) => ENTRY_LABELS[e.type] },
    { key: 'course', header: 'Kurs', cell: (e) => courseName(e.courseID) },
    {
      key: 'amount',
      header: 'Tutar',
      align: 'right',
      cell: (e) => (
        <Box component="span" sx={{ color: signColor(e.amount) }}>
          {formatSignedTl(e.amount)}
        </Box>
      ),
    },
    {
      key: 'rolling',
      header: 'Bakiye',
      align: 'right',
      cell: (e) => (
        <Box component="span" sx={{ color: signColor(e.rollingBalance), fontWeight: 600 }}>
          {formatSignedTl(e.rollingBalance)}
        </Box>
      ),
    },
  ];

  const error = balances.error ?? sheet.error;
  return (
    <Box>
      <QueryStatus loading={balances.isPending || sheet.isPending} error={error} gap={2} />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Stat
            label="Bakiye"
            testId="student-balance"
            value={balances.data ? formatSignedTl(totals.balance) : '…'}
            color={signColor(totals.balance)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Stat
            label="Toplam borç"
            testId="student-total-owed"
            value={balances.data ? formatTl(totals.totalOwed) : '…'}
            color={totals.totalOwed > 0 ? 'error.main' : undefined}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Stat label="Sonraki 4 ders borcu" testId="student-next-lessons" value={formatTl(nextTotal)} />
        </Grid>
      </Grid>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <TextField
          label="Dönem başı"
          type="date"
          size="small"
          value={period.from}
          onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Dönem sonu"
          type="date"
          size="small"
          value={period.to}
          onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
          error={reversed}
          helperText={reversed ? 'Başlangıç tarihi bitiş tarihinden sonra olamaz.' : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          size="small"
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          disabled={reversed}
          onClick={() =>
            void downloadPdf(
              orgId,
              'getBalanceStatement',
              { studentId: student.id, ...range },
              'hesap-ekstresi.pdf',
            )
          }
        >
          Hesap Ekstresi (PDF)
        </Button>
        <ExportMenu
          orgId={orgId}
          call="exportBalanceSheet"
          label="Bakiye çizelgesini indir"
          query={{ studentId: student.id, ...range }}
        />
      </Stack>
      {balances.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {totals.balance > 0
            ? 'Bakiye pozitif: öğrenci ön ödemeli.'
            : 'Bakiye sıfır veya negatif: ödeme zamanı gelmiş (sıfır bakiyede sonraki 4 dersin ödemesi gerekir).'}
        </Typography>
      )}
      {remind > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2">WhatsApp ile ödeme hatırlatması:</Typography>
          {phones.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              Kayıtlı cep telefonu yok.
            </Typography>
          )}
          {phones.map((p) => (
            <Button
              key={p.label}
              size="small"
              variant="outlined"
              color="secondary"
              startIcon={<WhatsAppIcon />}
              href={p.href}
              aria-label={`WhatsApp ile hatırlat: ${p.label}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {p.label}
            </Button>
          ))}
        </Stack>
      )}
      {remind > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2">SMS ile ödeme hatırlatması:</Typography>
          {smsPhones.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              Kayıtlı cep telefonu yok.
            </Typography>
          )}
          {smsPhones.map((p) => (
            <Button
              key={p.kind}
              size="small"
              variant="outlined"
              startIcon={<SmsIcon />}
              disabled={p.consent !== 'ONAY'}
              onClick={() => setSmsTo(p.kind)}
            >
              {p.consent === 'ONAY' ? p.label : `${p.label} ${message('sms.noConsentLabel')}`}
            </Button>
          ))}
        </Stack>
      )}
      {smsTo && (
        <SmsReminderDialog
          orgId={orgId}
          studentId={student.id}
          kind={smsTo}
          initialText={reminder}
          onClose={() => setSmsTo(null)}
        />
      )}
      <PaginatedTable
        ariaLabel="Kurs bakiyeleri"
        rows={rows}
        columns={courseColumns}
        rowKey={(r) => r.courseId}
        emptyText="Bakiye hareketi yok."
        defaultPageSize={10}
      />
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        Bakiye Takvimi
      </Typography>
      <BalanceCalendar entries={sheet.data ?? []} courseName={courseName} />
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        Bakiye Dökümü
      </Typography>
      {period.from && !reversed && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="statement-opening">
          Devreden bakiye: {formatSignedTl(shown.opening)}
        </Typography>
      )}
      <PaginatedTable
        ariaLabel="Bakiye dökümü"
        rows={shown.entries}
        columns={sheetColumns}
        rowKey={(e) => `${e.type}-${e.sourceId}-${e.timestamp}`}
        emptyText="Bakiye hareketi yok."
      />
      {period.to && !reversed && (
        // The Hesap Ekstresi's closing line, on the page too: what the period ends with.
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="statement-closing">
          Dönem sonu bakiyesi: {formatSignedTl(shown.closing)}
        </Typography>
      )}
    </Box>
  );
}
