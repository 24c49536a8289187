import {
  SMS_PHONE_KINDS,
  normalizeSmsDestination,
  phoneOf,
  type SmsPhoneKind,
  type SmsStudentPhones,
} from '@okul/domain';
import { ApiError, detailList } from '../../api/client';

/** One recipient a send left out or was refused for, named for staff. */
export interface SmsProblemRow {
  /** `studentId:kind` of the send screens' selection, when the number is one of a known student's phones. */
  key: string | null;
  label: string;
}

export interface SmsProblem {
  title: string;
  rows: SmsProblemRow[];
}

export const PHONE_KIND_LABELS: Record<SmsPhoneKind, string> = {
  studentPhone: 'Öğrenci',
  parent1Phone: '1. Veli',
  parent2Phone: '2. Veli',
};

const studentName = (s: SmsStudentPhones) => `${s.name} ${s.surname}`;

/** The student and phone behind a destination (any spelling of the number), or the number alone. */
function rowOf(
  destination: string,
  students: readonly SmsStudentPhones[],
  studentId?: string,
): SmsProblemRow {
  const dest = normalizeSmsDestination(destination);
  for (const s of students) {
    if (studentId !== undefined && s.id !== studentId) continue;
    const kind =
      dest === null
        ? undefined
        : SMS_PHONE_KINDS.find((k) => normalizeSmsDestination(phoneOf(s, k)) === dest);
    if (kind)
      return {
        key: `${s.id}:${kind}`,
        label: `${studentName(s)} (${PHONE_KIND_LABELS[kind]}: ${phoneOf(s, kind)})`,
      };
    if (studentId !== undefined)
      return { key: null, label: `${studentName(s)} (${destination || 'numara yok'})` };
  }
  return { key: null, label: destination || 'numara yok' };
}

/** Titles of the refusals whose details name the destinations (sms.* codes of libs/domain sms/messages.ts). */
const DESTINATION_REFUSALS: Record<string, string> = {
  'sms.noConsent': 'SMS izni olmayan numaralar',
  'sms.numberNotFound': 'Öğrenciye ait olmayan numaralar',
  'sms.sentToday': 'Aynı içeriğin bugün gönderildiği numaralar',
};

const DROPPED_TITLE = 'Numarası ya da mesajı olmadığı için atlanan alıcılar';

/** The items a send left out (api.md 9.2 drops those without a usable number or text), named. */
export function droppedProblem(
  dropped: readonly { DBID: string; destination: string }[],
  students: readonly SmsStudentPhones[],
): SmsProblem | null {
  if (dropped.length === 0) return null;
  return { title: DROPPED_TITLE, rows: dropped.map((d) => rowOf(d.destination, students, d.DBID)) };
}

/**
 * Who a refused send was refused for, read from the refusal's code and details (never from its Turkish text),
 * or null when the error names nobody.
 */
export function sendRefusalProblem(error: unknown, students: readonly SmsStudentPhones[]): SmsProblem | null {
  if (!(error instanceof ApiError) || error.code === undefined) return null;
  const title = DESTINATION_REFUSALS[error.code];
  if (title !== undefined) {
    const destinations = detailList(error.details, 'destinations');
    return destinations.length ? { title, rows: destinations.map((d) => rowOf(d, students)) } : null;
  }
  if (error.code === 'sms.nothingToSend' && Array.isArray(error.details?.dropped)) {
    const dropped = error.details.dropped.filter(
      (d): d is { DBID: string; destination: string } =>
        typeof d === 'object' &&
        d !== null &&
        typeof d.DBID === 'string' &&
        typeof d.destination === 'string',
    );
    return droppedProblem(dropped, students);
  }
  return null;
}
