import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { useCallback } from 'react';
import {
  parseAttendanceListSearch,
  type AttendanceListSearch,
} from '../../features/attendance/attendance-search';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const AttendancesPage = lazyRouteComponent(
  () => import('../../features/attendance/AttendancesPage'),
  'AttendancesPage',
);

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
