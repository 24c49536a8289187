import { createRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AttendancesPage } from '../../features/attendance/AttendancesPage';
import {
  parseAttendanceListSearch,
  type AttendanceListSearch,
} from '../../features/attendance/attendance-helpers';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const attendancesRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'yoklamalar',
  validateSearch: (search: Record<string, unknown>): AttendanceListSearch =>
    parseAttendanceListSearch(search),
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.attendances),
  component: function AttendancesRoute() {
    const search = attendancesRoute.useSearch();
    const navigate = attendancesRoute.useNavigate();
    const onSearchChange = useCallback(
      (next: AttendanceListSearch) => void navigate({ search: next, replace: true }),
      [navigate],
    );
    return <AttendancesPage search={search} onSearchChange={onSearchChange} />;
  },
});
