import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  AVATAR_TRANSFORM,
  COVER_TRANSFORM,
  formatStudentNumber,
  formatTl,
  message,
  withImageTransform,
  type StudentListRow,
} from '@okul/domain';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PaginatedTable, type Column } from '../../components/PaginatedTable';
import { Section } from '../../components/Section';
import { StudentLink } from '../../components/StudentLink';
import { EmptyTableRow, OpenableTableRow, TableCard } from '../../components/TableParts';
import { formatDate, formatLessonTime } from '../../lib/format';
import { attendancesPageQueryOptions } from '../attendance/queries';
import { useOrgId } from '../auth/useSession';
import { instructorsQueryOptions } from '../employees/queries';
import { HistoryButton } from '../history/HistoryDialog';
import { studentListQueryOptions } from '../students/queries';
import { courseInstructors, courseStudents } from './course-list';
import { coursesQueryOptions } from './queries';

/** How many of the course's latest lessons the detail lists. */
export const RECENT_LESSONS = 10;

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Grid size={{ xs: 12, sm: wide ? 12 : 6 }}>
      <Typography variant="overline" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Grid>
  );
}

function lessonsSubtitle(total: number): string {
  return total > RECENT_LESSONS
    ? `Son ${RECENT_LESSONS} ders (toplam ${total} ders)`
    : `Toplam ${total} ders`;
}

/** A section's list while it loads or when it failed to. */
function Pending({ failed, text }: { failed: boolean; text: string }) {
  return failed ? (
    <Alert severity="error">{text}</Alert>
  ) : (
    <Typography color="text.secondary">Yükleniyor…</Typography>
  );
}

/**
 * /giris/kurslar/{courseId} (school-admin, opened from a row of Kurslar): the course's fields and cover, its
 * instructors (by their branches, product.md 3), its actively enrolled students and its latest lessons.
 */
export function CourseDetailPage({ courseId }: { courseId: string }) {
  const orgId = useOrgId();
  const navigate = useNavigate();
  const { data: courses } = useSuspenseQuery(coursesQueryOptions(orgId));
  const course = courses.find((c) => c.id === courseId) ?? null;
  const instructors = useQuery(instructorsQueryOptions(orgId));
  const students = useQuery(studentListQueryOptions(orgId));
  const lessons = useQuery(attendancesPageQueryOptions(orgId, { courseId, limit: RECENT_LESSONS }));
  const teachers = useMemo(
    () => courseInstructors(instructors.data ?? [], courseId),
    [instructors.data, courseId],
  );
  const enrolled = useMemo(() => courseStudents(students.data ?? [], courseId), [students.data, courseId]);

  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate({ to: '/giris/kurslar' })}>
      Kurslar
    </Button>
  );
  if (!course) {
    return (
      <>
        <PageHeader title="Kurs detay" actions={back} />
        <Alert severity="warning">{message('course.notFound')}</Alert>
      </>
    );
  }

  const studentColumns: Column<StudentListRow>[] = [
    {
      key: 'number',
      header: 'No',
      width: 90,
      cell: (s) => (
        <StudentLink studentNumber={s.studentNumber}>{formatStudentNumber(s.studentNumber)}</StudentLink>
      ),
    },
    { key: 'name', header: 'İsim', cell: (s) => `${s.name} ${s.surname}` },
    {
      key: 'price',
      header: 'Ücret',
      align: 'right',
      cell: (s) => {
        const price = s.activeCourses.find((c) => c.courseId === courseId)?.price;
        return price === null || price === undefined ? '—' : formatTl(price);
      },
    },
  ];

  return (
    <>
      <PageHeader
        title={course.name}
        subtitle={course.code ? `Kod: ${course.code}` : undefined}
        actions={
          <>
            {back}
            <HistoryButton kind="course" id={course.id} title={course.name} variant="button" />
          </>
        }
      />
      {course.deletedAt && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Bu kurs {formatDate(course.deletedAt)} tarihinde silindi; Kurslar sayfasındaki Silinmiş Kurslar
          listesinden geri getirilebilir.
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Section title="Kapak Görseli">
            {course.coverPhoto ? (
              <Box
                component="img"
                src={withImageTransform(course.coverPhoto, COVER_TRANSFORM)}
                alt={`${course.name} kapak görseli`}
                sx={{ width: '100%', aspectRatio: '575 / 375', objectFit: 'cover', borderRadius: 1 }}
              />
            ) : (
              <Typography color="text.secondary">Kapak görseli yüklenmemiş.</Typography>
            )}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Section title="Kurs Bilgileri">
            <Grid container spacing={2}>
              <Field label="Kurs adı">{course.name}</Field>
              <Field label="Kod">{course.code || '—'}</Field>
              <Field label="Tür">
                {course.isGroupCourse || course.isPrivateCourse ? (
                  <Stack direction="row" spacing={0.5} component="span">
                    {course.isGroupCourse && (
                      <Chip size="small" label="Grup" color="primary" variant="outlined" />
                    )}
                    {course.isPrivateCourse && (
                      <Chip size="small" label="Özel" color="secondary" variant="outlined" />
                    )}
                  </Stack>
                ) : (
                  '—'
                )}
              </Field>
              <Field label="Sıra">{course.index ?? '—'}</Field>
              <Field label="Açıklama" wide>
                {course.courseExplanation || '—'}
              </Field>
            </Grid>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Section
            title="Eğitmenler"
            subtitle={instructors.data ? `${teachers.length} eğitmen bu kursu veriyor` : undefined}
          >
            {!instructors.data ? (
              <Pending failed={instructors.isError} text="Eğitmenler yüklenemedi." />
            ) : teachers.length === 0 ? (
              <Typography color="text.secondary">Branşı bu kurs olan eğitmen yok.</Typography>
            ) : (
              <List dense disablePadding aria-label="Kursun eğitmenleri">
                {teachers.map((t) => {
                  const name = `${t.name} ${t.surname}`;
                  return (
                    <ListItem key={t.id} disableGutters>
                      <ListItemAvatar>
                        <Avatar
                          src={t.avatar ? withImageTransform(t.avatar, AVATAR_TRANSFORM) : undefined}
                          alt={name}
                        >
                          {`${t.name.charAt(0)}${t.surname.charAt(0)}`.toLocaleUpperCase('tr')}
                        </Avatar>
                      </ListItemAvatar>
                      <ListItemText primary={name} />
                    </ListItem>
                  );
                })}
              </List>
            )}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Section
            title="Kayıtlı Öğrenciler"
            subtitle={
              students.data
                ? `${enrolled.active.length} aktif öğrenci` +
                  (enrolled.former > 0 ? `, ${enrolled.former} öğrencinin kaydı kapanmış` : '')
                : undefined
            }
          >
            {!students.data ? (
              <Pending failed={students.isError} text="Öğrenciler yüklenemedi." />
            ) : (
              <PaginatedTable
                ariaLabel="Kursun öğrencileri"
                rows={enrolled.active}
                columns={studentColumns}
                rowKey={(s) => s.id}
                emptyText="Bu kursa aktif kayıtlı öğrenci yok."
                defaultPageSize={10}
              />
            )}
          </Section>
        </Grid>
        <Grid size={12}>
          <Section
            title="Son Dersler"
            subtitle={lessons.data ? lessonsSubtitle(lessons.data.total) : undefined}
          >
            {!lessons.data ? (
              <Pending failed={lessons.isError} text="Dersler yüklenemedi." />
            ) : (
              <TableCard>
                <Table size="small" aria-label="Kursun son dersleri">
                  <TableHead>
                    <TableRow>
                      <TableCell>Tarih</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Kod</TableCell>
                      <TableCell>Eğitmen</TableCell>
                      <TableCell align="right">Öğrenci</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {lessons.data.attendances.length === 0 ? (
                      <EmptyTableRow colSpan={4}>Bu kursun yoklaması alınmış dersi yok.</EmptyTableRow>
                    ) : (
                      lessons.data.attendances.map((a) => (
                        <OpenableTableRow
                          key={a.id}
                          onOpen={() =>
                            void navigate({
                              to: '/giris/yoklama-detay/$attendanceDBID',
                              params: { attendanceDBID: a.id },
                            })
                          }
                        >
                          <TableCell>{formatLessonTime(a)}</TableCell>
                          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{a.code}</TableCell>
                          <TableCell>{a.instructorName ?? 'Diğer'}</TableCell>
                          <TableCell align="right">{a.attendants.length}</TableCell>
                        </OpenableTableRow>
                      ))
                    )}
                  </TableBody>
                </Table>
              </TableCard>
            )}
          </Section>
        </Grid>
      </Grid>
    </>
  );
}
