import { useSuspenseQuery } from '@tanstack/react-query';
import { useOrgId } from '../auth/useSession';
import { AttendanceFormPage } from './AttendanceFormPage';
import { attendanceQueryOptions } from './queries';

/** /giris/yoklama-duzenle/{attendanceDBID}: the form with the attendance's current values. */
export function AttendanceEdit({ attendanceId }: { attendanceId: string }) {
  const { data } = useSuspenseQuery(attendanceQueryOptions(useOrgId(), attendanceId));
  // a fresh form for each attendance (the form reads its start values once)
  return <AttendanceFormPage key={data.id} attendance={data} />;
}
