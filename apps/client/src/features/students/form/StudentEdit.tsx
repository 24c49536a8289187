import Alert from '@mui/material/Alert';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useOrgId } from '../../auth/useSession';
import { studentByNumberQueryOptions } from '../queries';
import { StudentFormPage } from './StudentFormPage';

/** /giris/ogrenci-duzenle/{studentNumber}: the form with the student's current values. */
export function StudentEdit({ studentNumber }: { studentNumber: number }) {
  const orgId = useOrgId();
  const { data: student } = useSuspenseQuery(studentByNumberQueryOptions(orgId, studentNumber));
  if (!student || student.deletedAt) return <Alert severity="warning">Öğrenci bulunamadı.</Alert>;
  return <StudentFormPage key={`${student.id}-${student.editedAt ?? ''}`} student={student} />;
}
