import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { istanbulDay, lessonsMissingAttendance } from '@okul/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { coursesQueryOptions } from '../courses/queries';
import { MY_LESSONS_DAYS, MY_LESSONS_SHOWN, myLessonsWindow } from './my-lessons';
import { occurrencesQueryOptions } from './queries';
import type { OccurrenceView as Occurrence } from '@okul/domain';

/** How far back "Yoklaması alınmamış dersler" looks (ours, docs/DECISIONS.md). */
const MISSED_DAYS = 30;

/** A card's text when it lists no lesson: "none" only once the answer has come (not while it loads). */
function emptyText(q: { isPending: boolean; isError: boolean }, none: string): string {
  return q.isPending ? 'Yükleniyor…' : q.isError ? 'Dersler yüklenemedi.' : none;
}

/** A titled card of lessons, each with its attendance: taken, or a button that takes it. */
function LessonList({
  title,
  lessons,
  empty,
  courseName,
  takeable = () => true,
  footer,
}: {
  title: string;
  lessons: Occurrence[];
  empty: string;
  courseName: (id: string) => string;
  /** Lessons whose attendance may be taken from here (default all); the others show only their time. */
  takeable?: (o: Occurrence) => boolean;
  footer?: string;
}) {
  const navigate = useNavigate();
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {lessons.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {empty}
          </Typography>
        ) : (
          <List dense>
            {lessons.map((o) => (
              <ListItem
                key={o.id}
                secondaryAction={
                  o.attendanceId ? (
                    <Chip size="small" color="success" label="Yoklama alındı" />
                  ) : !takeable(o) ? null : (
                    <Button
                      size="small"
                      onClick={() =>
                        void navigate({
                          to: '/giris/yoklama-ekle',
                          search: { scheduleId: o.scheduleId, start: o.start },
                        })
                      }
                    >
                      Yoklama al
                    </Button>
                  )
                }
              >
                <ListItemText
                  primary={`${courseName(o.courseId)}${o.title ? ` · ${o.title}` : ''}`}
                  secondary={formatDateTime(o.start)}
                />
              </ListItem>
            ))}
          </List>
        )}
        {footer && (
          <Typography variant="body2" color="text.secondary">
            {footer}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Ana Sayfa: today's lessons from the schedules with whether their attendance was taken, and the mandatory
 * lessons of the last days that passed without one ("Yoklaması alınmamış dersler").
 */
export function PlanLessons({ orgId }: { orgId: string }) {
  const [now] = useState(() => Date.now());
  const today = istanbulDay(now);
  const since = new Date(now - MISSED_DAYS * 86_400_000).toISOString();
  const courses = useQuery(coursesQueryOptions(orgId));
  const todays = useQuery(occurrencesQueryOptions(orgId, today.from, today.to));
  const past = useQuery(occurrencesQueryOptions(orgId, since, new Date(now).toISOString()));
  const courseName = (id: string) => courses.data?.find((c) => c.id === id)?.name ?? '';
  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <LessonList
          title="Bugünkü Dersler"
          lessons={todays.data ?? []}
          empty={emptyText(todays, 'Bugün ders yok.')}
          courseName={courseName}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <LessonList
          title="Yoklaması alınmamış dersler"
          lessons={lessonsMissingAttendance(past.data ?? [], now)}
          empty={emptyText(past, 'Yoklaması eksik ders yok.')}
          courseName={courseName}
        />
      </Grid>
    </>
  );
}

/**
 * Ana Sayfa for a user linked to an instructor: "Bugünkü ve yaklaşan derslerim", the lessons of the schedules
 * naming that instructor from today on (docs/DECISIONS.md, my lessons). Today's lessons take their
 * attendance from here, as "Bugünkü Dersler" does; later ones show their time.
 */
export function MyLessons({ orgId, instructorId }: { orgId: string; instructorId: string }) {
  const [now] = useState(() => Date.now());
  const range = myLessonsWindow(now);
  const courses = useQuery(coursesQueryOptions(orgId));
  const lessons = useQuery(occurrencesQueryOptions(orgId, range.from, range.to, { instructorId }));
  const all = lessons.data ?? [];
  const more = all.length - MY_LESSONS_SHOWN;
  return (
    <LessonList
      title="Bugünkü ve yaklaşan derslerim"
      lessons={all.slice(0, MY_LESSONS_SHOWN)}
      empty={
        lessons.isPending
          ? 'Yükleniyor…'
          : lessons.isError
            ? 'Dersleriniz yüklenemedi.'
            : `Bugün ve önümüzdeki ${MY_LESSONS_DAYS} gün dersiniz yok.`
      }
      courseName={(id) => courses.data?.find((c) => c.id === id)?.name ?? ''}
      takeable={(o) => o.start < range.todayEnd}
      footer={more > 0 ? `ve ${more} ders daha (Ders Programı)` : undefined}
    />
  );
}
