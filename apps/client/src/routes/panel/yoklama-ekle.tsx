import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AttendancePrefill } from '../../features/attendance/AttendanceFormPage';
import { parseAttendanceAddSearch } from '../../features/attendance/attendance-search';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const AttendanceFormPage = lazyRouteComponent(
  () => import('../../features/attendance/AttendanceFormPage'),
  'AttendanceFormPage',
);

export const attendanceAddRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'yoklama-ekle',
  // "Yoklama al" on a lesson of the plan: its schedule and start fill the form in.
  validateSearch: parseAttendanceAddSearch,
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.attendanceAdd),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }): Promise<AttendancePrefill | null> => {
    const [{ pickerStudentsQueryOptions }, { coursesQueryOptions }, { occurrencesQueryOptions }] =
      await Promise.all([
        import('../../features/attendance/queries'),
        import('../../features/courses/queries'),
        import('../../features/schedules/queries'),
      ]);
    const orgId = context.session.organization.id;
    await Promise.all([
      context.queryClient.ensureQueryData(coursesQueryOptions(orgId)),
      context.queryClient.ensureQueryData(pickerStudentsQueryOptions(orgId)),
    ]);
    if (!deps.scheduleId || !deps.start) return null;
    const to = new Date(Date.parse(deps.start) + 1).toISOString();
    const lessons = await context.queryClient.ensureQueryData(
      occurrencesQueryOptions(orgId, deps.start, to, { id: deps.scheduleId, members: '1' }),
    );
    const lesson = lessons.find((o) => o.start === deps.start);
    return lesson
      ? {
          courseId: lesson.courseId,
          at: lesson.start,
          instructorId: lesson.instructorId,
          attendants: lesson.memberIds ?? [],
        }
      : null;
  },
  component: function AttendanceAddRoute() {
    const prefill = attendanceAddRoute.useLoaderData();
    return (
      <AttendanceFormPage
        key={prefill ? `${prefill.courseId}${prefill.at}` : 'new'}
        attendance={null}
        prefill={prefill}
      />
    );
  },
});
