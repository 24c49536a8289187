import CakeIcon from '@mui/icons-material/Cake';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ROLES, formatStudentNumber, formatTl, hasRole } from '@okul/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { errorText } from '../../api/client';
import { ExportMenu } from '../../components/ExportMenu';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatLessonTime, roleLabel } from '../../lib/format';
import { StudentLink } from '../../components/StudentLink';
import { useReadySession } from '../auth/useSession';
import { LESSON_COUNT_DAYS, birthdayText, type BirthdayStudent, type DashboardStudent } from './dashboard';
import {
  ageGroupsQueryOptions,
  dashboardQueryOptions,
  lessonCountQueryOptions,
  myLessonCountQueryOptions,
} from './queries';
import { attendancesPageQueryOptions } from '../attendance/queries';
import { MyLessons, PlanLessons } from '../schedules/PlanLessons';
import { myInstructorsQueryOptions } from '../employees/queries';

/** A titled card that is a named region (screen readers and tests find it by its title). */
function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

const studentName = (s: DashboardStudent) => `${formatStudentNumber(s.studentNumber)} ${s.name} ${s.surname}`;

function StudentList({
  students,
  empty,
  secondary,
}: {
  students: DashboardStudent[];
  empty: string;
  secondary?: (s: DashboardStudent) => ReactNode;
}) {
  if (students.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return (
    <List dense disablePadding>
      {students.map((s) => (
        <ListItem key={s.studentId} disableGutters>
          <ListItemText
            primary={<StudentLink studentNumber={s.studentNumber}>{studentName(s)}</StudentLink>}
            secondary={secondary?.(s)}
          />
        </ListItem>
      ))}
    </List>
  );
}

function LessonCount({ orgId, days }: { orgId: string; days: number }) {
  const q = useQuery(lessonCountQueryOptions(orgId, days));
  return (
    <Grid size={{ xs: 6 }}>
      <Typography variant="overline" color="text.secondary" component="div">
        Son {days} gün
      </Typography>
      <Typography variant="h5" component="div">
        {q.isError ? '—' : q.data === undefined ? '…' : `${q.data} ders`}
      </Typography>
    </Grid>
  );
}

/** api.md 9.4: the active students by age group, as a small table (every group shown, zero included). */
function AgeGroups({ orgId }: { orgId: string }) {
  const q = useQuery(ageGroupsQueryOptions(orgId));
  const data = q.data;
  return (
    <Grid size={12}>
      <Typography variant="overline" color="text.secondary" component="div">
        Aktif öğrencilerin yaş grupları
      </Typography>
      {q.isError ? (
        <Typography variant="body2" color="text.secondary">
          Yaş grupları yüklenemedi: {errorText(q.error)}
        </Typography>
      ) : !data ? (
        <LinearProgress aria-label="Yaş grupları yükleniyor" />
      ) : (
        <Table size="small" aria-label="Yaş grupları">
          <TableBody>
            {data.groups.map((g) => (
              <TableRow key={g.label}>
                <TableCell sx={{ py: 0.25 }}>{g.label}</TableCell>
                <TableCell sx={{ py: 0.25 }} align="right">
                  {g.count}
                </TableCell>
              </TableRow>
            ))}
            {data.unknownAge > 0 && (
              <TableRow>
                <TableCell sx={{ py: 0.25 }}>Doğum tarihi eksik</TableCell>
                <TableCell sx={{ py: 0.25 }} align="right">
                  {data.unknownAge}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
    </Grid>
  );
}

/** How many of their latest lessons "Derslerim" lists. */
const MY_TAKEN_LESSONS = 5;

/** A count of "Derslerim": `n ders`, an ellipsis while it loads, a dash when it failed. */
function Count({ label, value, failed }: { label: string; value: number | undefined; failed: boolean }) {
  return (
    <Grid size={6}>
      <Typography variant="overline" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h5" component="div">
        {failed ? '—' : value === undefined ? '…' : `${value} ders`}
      </Typography>
    </Grid>
  );
}

/**
 * "Derslerim" for a user linked to an instructor: how many lessons they taught in the last 30 days and in
 * all, and the latest of them, each opening its attendance (getAttendances mine=1; docs/DECISIONS.md).
 */
function MyTakenLessons({ orgId }: { orgId: string }) {
  const navigate = useNavigate();
  const latest = useQuery(attendancesPageQueryOptions(orgId, { mine: true, limit: MY_TAKEN_LESSONS }));
  const lastMonth = useQuery(myLessonCountQueryOptions(orgId, LESSON_COUNT_DAYS[0]));
  const lessons = latest.data?.attendances ?? [];
  return (
    <Section title="Derslerim">
      <Grid container spacing={1} sx={{ mb: 1 }}>
        <Count label={`Son ${LESSON_COUNT_DAYS[0]} gün`} value={lastMonth.data} failed={lastMonth.isError} />
        <Count label="Toplam" value={latest.data?.total} failed={latest.isError} />
      </Grid>
      <Typography variant="overline" color="text.secondary" component="div">
        Son yoklamalar
      </Typography>
      {latest.isError ? (
        <Typography variant="body2" color="text.secondary">
          Dersleriniz yüklenemedi: {errorText(latest.error)}
        </Typography>
      ) : !latest.data ? (
        <LinearProgress aria-label="Derslerim yükleniyor" />
      ) : lessons.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Adınıza alınmış yoklama yok.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Son yoklamalarım">
          {lessons.map((a) => (
            <ListItemButton
              key={a.id}
              sx={{ px: 1, borderRadius: 1 }}
              onClick={() =>
                void navigate({
                  to: '/giris/yoklama-detay/$attendanceDBID',
                  params: { attendanceDBID: a.id },
                })
              }
            >
              <ListItemText
                primary={`${formatLessonTime(a)} · ${a.courseName ?? ''}`}
                secondary={`${a.attendants.length} öğrenci · ${a.code}`}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Section>
  );
}

/**
 * /giris/anasayfa (school-instructor, product.md 2): payment tracking (school-admin; the server answers
 * duePayments null below it), this week's and today's birthdays, students with no enrolment, and for
 * school-admins the lesson counts of the last 30 and 365 days. A user linked to an instructor sees their own
 * lessons first (docs/DECISIONS.md, my lessons).
 */
export function HomePage() {
  const { user, organization, role } = useReadySession();
  const admin = hasRole(role, ROLES.schoolAdmin);
  const dashboard = useQuery(dashboardQueryOptions(organization.id));
  const d = dashboard.data;
  const myInstructor = useQuery(myInstructorsQueryOptions(organization.id)).data?.[0];

  return (
    <>
      <PageHeader title={`Hoş geldiniz, ${user.name}`} subtitle={organization.name} />
      <Grid container spacing={2}>
        {myInstructor && (
          <>
            <Grid size={{ xs: 12, md: 7 }}>
              <MyLessons orgId={organization.id} instructorId={myInstructor.id} />
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <MyTakenLessons orgId={organization.id} />
            </Grid>
          </>
        )}
        <Grid size={{ xs: 12, md: admin ? 4 : 6 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="overline" color="text.secondary">
                Kurum
              </Typography>
              <Typography variant="h6">{organization.name}</Typography>
              <Typography color="text.secondary">Rolünüz: {roleLabel(role)}</Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: admin ? 4 : 6 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="overline" color="text.secondary">
                Üyelik
              </Typography>
              <Typography variant="h6">
                {organization.isMembershipActive ? 'Aktif' : 'Aktif değil'}
                {organization.remainingSubscriptionStr && organization.isMembershipActive
                  ? ` (${organization.remainingSubscriptionStr})`
                  : ''}
              </Typography>
              {organization.paidUntil && (
                <Typography color="text.secondary">
                  Bitiş tarihi: {formatDate(organization.paidUntil)}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
        {/* product.md 6: statistics are school-admin */}
        {admin && (
          <Grid size={{ xs: 12, md: 4 }}>
            <Section title="İstatistikler">
              <Grid container spacing={1}>
                {LESSON_COUNT_DAYS.map((days) => (
                  <LessonCount key={days} orgId={organization.id} days={days} />
                ))}
                <AgeGroups orgId={organization.id} />
              </Grid>
            </Section>
          </Grid>
        )}

        <PlanLessons orgId={organization.id} />

        {dashboard.isPending && (
          <Grid size={12}>
            <LinearProgress aria-label="Yükleniyor" />
          </Grid>
        )}
        {dashboard.isError && (
          <Grid size={12}>
            <Alert severity="error">Ana sayfa bilgileri yüklenemedi: {errorText(dashboard.error)}</Alert>
          </Grid>
        )}

        {d && d.duePayments !== null && (
          <Grid size={12}>
            <Section
              title="Ödeme Takibi"
              action={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {d.totalOwed !== null && (
                    <Chip
                      color="warning"
                      variant="outlined"
                      label={`Toplam borç: ${formatTl(d.totalOwed)}`}
                    />
                  )}
                  <ExportMenu orgId={organization.id} call="exportDueList" label="Listeyi indir" />
                </Stack>
              }
            >
              {d.duePayments.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  Ödemesi gelen öğrenci yok.
                </Typography>
              ) : (
                <TableContainer sx={{ maxHeight: 420 }}>
                  <Table size="small" stickyHeader aria-label="Ödeme takibi">
                    <TableHead>
                      <TableRow>
                        <TableCell sx={{ fontWeight: 600 }}>Öğrenci</TableCell>
                        <TableCell sx={{ fontWeight: 600 }}>Kurs</TableCell>
                        <TableCell sx={{ fontWeight: 600 }} align="right">
                          Borç
                        </TableCell>
                        <TableCell
                          sx={{ fontWeight: 600, display: { xs: 'none', sm: 'table-cell' } }}
                          align="right"
                        >
                          Sonraki 4 ders
                        </TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {d.duePayments.map((p) => (
                        <TableRow key={`${p.studentId}:${p.courseId}`} hover>
                          <TableCell>
                            <StudentLink studentNumber={p.studentNumber}>{studentName(p)}</StudentLink>
                          </TableCell>
                          <TableCell>{p.courseName ?? '—'}</TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                            {formatTl(p.owed)}
                          </TableCell>
                          <TableCell
                            align="right"
                            sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}
                          >
                            {formatTl(p.nextLessonsDebt)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </Section>
          </Grid>
        )}

        {d && (
          <>
            <Grid size={{ xs: 12, md: 6 }}>
              <Section title="Doğum Günleri">
                {d.birthdaysToday.length > 0 && (
                  <Alert icon={<CakeIcon />} severity="success" sx={{ mb: 1 }}>
                    Bugün doğum günü olanlar: {d.birthdaysToday.map(studentName).join(', ')}
                  </Alert>
                )}
                <Typography variant="subtitle2" color="text.secondary">
                  Bu hafta
                </Typography>
                <StudentList
                  students={d.birthdaysThisWeek}
                  empty="Bu hafta doğum günü olan öğrenci yok."
                  secondary={(s) => {
                    const b = s as BirthdayStudent;
                    return `${birthdayText(b)}${b.age !== null ? ` · ${b.age} yaş` : ''}${b.isToday ? ' · Bugün' : ''}`;
                  }}
                />
              </Section>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Section title="Kaydı Olmayan Öğrenciler">
                <StudentList students={d.studentsWithoutEnrollment} empty="Kurs kaydı olmayan öğrenci yok." />
              </Section>
            </Grid>
          </>
        )}
      </Grid>
    </>
  );
}
