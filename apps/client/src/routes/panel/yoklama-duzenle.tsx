import { useSuspenseQuery } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { attendanceQueryOptions, pickerStudentsQueryOptions } from '../../features/attendance/queries';
import { useOrgId } from '../../features/auth/useSession';
import { coursesQueryOptions } from '../../features/courses/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const AttendanceFormPage = lazyRouteComponent(
  () => import('../../features/attendance/AttendanceFormPage'),
  'AttendanceFormPage',
);

export const attendanceEditRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'yoklama-duzenle/$attendanceDBID',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.attendanceEdit),
  loader: ({ context, params }) => {
    const orgId = context.session.organization.id;
    return Promise.all([
      context.queryClient.ensureQueryData(attendanceQueryOptions(orgId, params.attendanceDBID)),
      context.queryClient.ensureQueryData(coursesQueryOptions(orgId)),
      context.queryClient.ensureQueryData(pickerStudentsQueryOptions(orgId)),
    ]);
  },
  component: function AttendanceEditRoute() {
    const { attendanceDBID } = attendanceEditRoute.useParams();
    const { data } = useSuspenseQuery(attendanceQueryOptions(useOrgId(), attendanceDBID));
    // a fresh form for each attendance (the form reads its start values once)
    return <AttendanceFormPage key={data.id} attendance={data} />;
  },
});
