import { createRoute } from '@tanstack/react-router';
import { AttendanceDetailPage } from '../../features/attendance/AttendanceDetailPage';
import { attendanceQueryOptions } from '../../features/attendance/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const attendanceDetailRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'yoklama-detay/$attendanceDBID',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.attendanceDetail),
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(
      attendanceQueryOptions(context.session.organization.id, params.attendanceDBID),
    ),
  component: function AttendanceDetailRoute() {
    const { attendanceDBID } = attendanceDetailRoute.useParams();
    return <AttendanceDetailPage attendanceId={attendanceDBID} />;
  },
});
