import Alert from '@mui/material/Alert';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { useOrgId } from '../../features/auth/useSession';
import { parseStudentNumber } from '../../features/students/list/student-table';
import { preloadStudentByNumber, studentByNumberQueryOptions } from '../../features/students/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const StudentFormPage = lazyRouteComponent(
  () => import('../../features/students/form/StudentFormPage'),
  'StudentFormPage',
);

function StudentEdit({ studentNumber }: { studentNumber: number }) {
  const orgId = useOrgId();
  const { data: student } = useSuspenseQuery(studentByNumberQueryOptions(orgId, studentNumber));
  if (!student || student.deletedAt) return <Alert severity="warning">Öğrenci bulunamadı.</Alert>;
  return <StudentFormPage key={`${student.id}-${student.editedAt ?? ''}`} student={student} />;
}

export const studentEditRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'ogrenci-duzenle/$studentNumber',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.studentEdit),
  loader: ({ context, params }) =>
    preloadStudentByNumber(context.queryClient, context.session.organization.id, params.studentNumber),
  component: function StudentEditRoute() {
    const n = parseStudentNumber(studentEditRoute.useParams().studentNumber);
    if (n === null) return <Alert severity="warning">Öğrenci bulunamadı.</Alert>;
    return <StudentEdit studentNumber={n} />;
  },
});
