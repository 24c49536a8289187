import Alert from '@mui/material/Alert';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createRoute } from '@tanstack/react-router';
import { useOrgId } from '../../features/auth/useSession';
import { StudentFormPage } from '../../features/students/form/StudentFormPage';
import { parseStudentNumber } from '../../features/students/list/student-table';
import { preloadStudentByNumber, studentByNumberQueryOptions } from '../../features/students/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

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
