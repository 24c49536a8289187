import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const AttendanceDetailPage = lazyRouteComponent(
  () => import('../../features/attendance/AttendanceDetailPage'),
  'AttendanceDetailPage',
);

export const attendanceDetailRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'yoklama-detay/$attendanceDBID',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.attendanceDetail),
  loader: async ({ context, params }) => {
    const { attendanceQueryOptions } = await import('../../features/attendance/queries');
    return context.queryClient.ensureQueryData(
      attendanceQueryOptions(context.session.organization.id, params.attendanceDBID),
    );
  },
  component: function AttendanceDetailRoute() {
    const { attendanceDBID } = attendanceDetailRoute.useParams();
    return <AttendanceDetailPage attendanceId={attendanceDBID} />;
  },
});
