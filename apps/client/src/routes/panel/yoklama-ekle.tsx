import { createRoute } from '@tanstack/react-router';
import { AttendanceFormPage } from '../../features/attendance/AttendanceFormPage';
import { pickerStudentsQueryOptions } from '../../features/attendance/queries';
import { coursesQueryOptions } from '../../features/courses/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const attendanceAddRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'yoklama-ekle',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.attendanceAdd),
  loader: ({ context }) => {
    const orgId = context.session.organization.id;
    return Promise.all([
      context.queryClient.ensureQueryData(coursesQueryOptions(orgId)),
      context.queryClient.ensureQueryData(pickerStudentsQueryOptions(orgId)),
    ]);
  },
  component: function AttendanceAddRoute() {
    return <AttendanceFormPage attendance={null} />;
  },
});
