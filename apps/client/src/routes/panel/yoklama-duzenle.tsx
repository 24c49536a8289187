import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const AttendanceEdit = lazyRouteComponent(
  () => import('../../features/attendance/AttendanceEdit'),
  'AttendanceEdit',
);

export const attendanceEditRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'yoklama-duzenle/$attendanceDBID',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.attendanceEdit),
  loader: async ({ context, params }) => {
    const [attendance, courses] = await Promise.all([
      import('../../features/attendance/queries'),
      import('../../features/courses/queries'),
    ]);
    const orgId = context.session.organization.id;
    return Promise.all([
      context.queryClient.ensureQueryData(attendance.attendanceQueryOptions(orgId, params.attendanceDBID)),
      context.queryClient.ensureQueryData(courses.coursesQueryOptions(orgId)),
      context.queryClient.ensureQueryData(attendance.pickerStudentsQueryOptions(orgId)),
    ]);
  },
  component: function AttendanceEditRoute() {
    const { attendanceDBID } = attendanceEditRoute.useParams();
    return <AttendanceEdit attendanceId={attendanceDBID} />;
  },
});
