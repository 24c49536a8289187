import CakeIcon from '@mui/icons-material/Cake';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import RestoreIcon from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import {
  ROLES,
  formatPhone,
  formatStudentNumber,
  hasRole,
  isBirthday,
  isErasedStudent,
  studentAge,
  message,
} from '@okul/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { HistoryButton } from '../../history/HistoryDialog';
import { Section } from '../../../components/Section';
import { useReadySession } from '../../auth/useSession';
import { GradesSection } from '../../grades/GradesSection';
import { StudentAttendances } from '../attendances/StudentAttendances';
import { BalanceSection } from '../balance/BalanceSection';
import { EnrollmentsSection } from '../enrollments/EnrollmentsSection';
import { formatDateParts, todayOf } from '../list/student-table';
import { PaymentsSection } from '../payments/PaymentsSection';
import { studentByNumberQueryOptions, useStudentWrite } from '../queries';
import type { Student } from '@okul/domain';
import { EraseStudentDialog } from './EraseStudentDialog';
import { NotesBox } from './NotesBox';
import { consentText } from './student-detail';

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children || '—'}
      </Typography>
    </Grid>
  );
}

function phoneLine(phone: string | null, status: Student['studentPhoneOptInStatus'], date: string | null) {
  if (!phone) return '';
  return (
    <>
      {formatPhone(phone)}
      <Typography variant="caption" color="text.secondary" component="div">
        {consentText(status, date)}
      </Typography>
    </>
  );
}

function parentLine(name: string | null, job: string | null, phone: ReactNode) {
  if (!name && !job && !phone) return '';
  return (
    <>
      {[name, job].filter(Boolean).join(' · ')}
      {phone && <Box>{phone}</Box>}
    </>
  );
}

function IdentityCard({ student }: { student: Student }) {
  const today = useMemo(() => todayOf(), []);
  const age = studentAge(student, today);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Kimlik Bilgileri
        </Typography>
        <Grid container spacing={2}>
          <Info label="Ad Soyad">
            {student.name} {student.surname}
          </Info>
          <Info label="Öğrenci No">{formatStudentNumber(student.studentNumber)}</Info>
          <Info label="TC Kimlik No">{student.TCKN}</Info>
          <Info label="Yaş">{age === null ? '' : String(age)}</Info>
          <Info label="Doğum Tarihi">{formatDateParts(student.dobD, student.dobM, student.dobY)}</Info>
          <Info label="Doğum Yeri">{student.pob}</Info>
          <Info label="Telefon">
            {phoneLine(student.phone, student.studentPhoneOptInStatus, student.studentPhoneConsentDate)}
          </Info>
          <Info label="E-posta">{student.email}</Info>
          <Info label="1. Veli">
            {parentLine(
              student.parent1Name,
              student.parent1Job,
              phoneLine(
                student.parent1Phone,
                student.parent1PhoneOptInStatus,
                student.parent1PhoneConsentDate,
              ),
            )}
          </Info>
          <Info label="2. Veli">
            {parentLine(
              student.parent2Name,
              student.parent2Job,
              phoneLine(
                student.parent2Phone,
                student.parent2PhoneOptInStatus,
                student.parent2PhoneConsentDate,
              ),
            )}
          </Info>
          <Info label="Sosyal Hesaplar">
            {[
              student.facebook && `Facebook: ${student.facebook}`,
              student.instagram && `Instagram: ${student.instagram}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Info>
          <Info label="Kayıt Tarihi">{formatDateParts(student.regD, student.regM, student.regY)}</Info>
          <Grid size={12}>
            <Typography variant="caption" color="text.secondary" component="div">
              Adres
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {student.address || '—'}
            </Typography>
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}

/** /giris/ogrenci-detay/{studentNumber} (school-instructor; money, notes and changes school-admin only). */
export function StudentDetailPage({ studentNumber }: { studentNumber: number }) {
  const { organization, role } = useReadySession();
  const orgId = organization.id;
  const { data: student } = useSuspenseQuery(studentByNumberQueryOptions(orgId, studentNumber));
  const admin = hasRole(role, ROLES.schoolAdmin);
  // KVKK erasure is the school-owner's (the server refuses anyone else as well).
  const owner = hasRole(role, ROLES.schoolOwner);
  const navigate = useNavigate();
  const today = useMemo(() => todayOf(), []);
  const age = student ? studentAge(student, today) : null;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmErase, setConfirmErase] = useState(false);
  const remove = useStudentWrite<{ id: string }>(orgId, 'deleteStudent', {
    success: message('student.softDeleted'),
    failure: message('student.deleteFailed'),
  });
  const resurrect = useStudentWrite<{ id: string }>(orgId, 'resurrectStudent', {
    success: message('student.resurrected'),
    failure: message('student.resurrectFailed'),
  });

  if (!student) {
    return (
      <>
        <PageHeader title="Öğrenci detay" />
        <Alert severity="warning">Öğrenci bulunamadı.</Alert>
      </>
    );
  }

  const erased = isErasedStudent(student);
  const actions = admin ? (
    <>
      <HistoryButton
        kind="student"
        id={student.id}
        title={`${student.name} ${student.surname}`}
        variant="button"
      />
      <Button
        variant="outlined"
        startIcon={<EditIcon />}
        onClick={() =>
          void navigate({
            to: '/giris/ogrenci-duzenle/$studentNumber',
            params: { studentNumber: String(student.studentNumber) },
          })
        }
        disabled={!!student.deletedAt || erased}
      >
        Düzenle
      </Button>
      {owner && !erased && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<PersonOffIcon />}
          onClick={() => setConfirmErase(true)}
        >
          {message('student.eraseTitle')}
        </Button>
      )}
      {student.deletedAt ? (
        <Button
          variant="contained"
          color="secondary"
          startIcon={<RestoreIcon />}
          disabled={resurrect.isPending}
          onClick={() => resurrect.mutate({ id: student.id })}
        >
          Geri Getir
        </Button>
      ) : (
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => setConfirmDelete(true)}
        >
          Sil
        </Button>
      )}
    </>
  ) : undefined;

  return (
    <>
      <PageHeader
        title={`${student.name} ${student.surname}`}
        subtitle={`Öğrenci No: ${formatStudentNumber(student.studentNumber)}`}
        actions={actions}
      />
      {student.deletedAt && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Bu öğrenci silinmiş. Geri getirilene kadar yeni kurs kaydı ve ödeme eklenemez.
        </Alert>
      )}
      {isBirthday(student, today) && (
        <Alert icon={<CakeIcon />} severity="success" sx={{ mb: 2 }}>
          Bugün {student.name} {student.surname} için doğum günü! İyi ki doğdun
          {age !== null ? ` (${age} yaş)` : ''}.
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: admin ? 8 : 12 }}>
          <IdentityCard student={student} />
        </Grid>
        {admin && (
          <Grid size={{ xs: 12, md: 4 }}>
            <NotesBox key={`${student.id}-${student.editedAt ?? ''}`} student={student} />
          </Grid>
        )}
      </Grid>

      {admin && (
        <>
          <Section sx={{ mt: 3 }} title="Bakiye">
            <BalanceSection student={student} />
          </Section>
          <Section sx={{ mt: 3 }} title="Kurs Kayıtları">
            <EnrollmentsSection student={student} />
          </Section>
          <Section sx={{ mt: 3 }} title="Ödemeler">
            <PaymentsSection student={student} />
          </Section>
        </>
      )}
      <Section sx={{ mt: 3 }} title="Notlar">
        <GradesSection student={student} />
      </Section>
      <Section sx={{ mt: 3 }} title="Yoklamalar">
        <StudentAttendances studentId={student.id} withHistory={admin} />
      </Section>

      {owner && (
        <EraseStudentDialog
          orgId={orgId}
          student={student}
          open={confirmErase}
          onClose={() => setConfirmErase(false)}
        />
      )}
      <ConfirmDialog
        open={confirmDelete}
        title="Öğrenciyi sil"
        confirmLabel="Sil"
        destructive
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate({ id: student.id }, { onSuccess: () => setConfirmDelete(false) })}
      >
        <strong>
          {student.name} {student.surname}
        </strong>{' '}
        silinecek. Kayıtları ve ödemeleri saklanır; öğrenci bu sayfadan geri getirilebilir.
      </ConfirmDialog>
    </>
  );
}
