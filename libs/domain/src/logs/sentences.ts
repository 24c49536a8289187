import { toLocal } from '../shared/time';
import { SMS_TYPES } from '../sms/statuses';

/**
 * The audit log (İşlem Dökümü) as Turkish sentences. product.md 3 (log entry): every known action is
 * "shown as a Turkish readable sentence"; a refused action carries the suffix `_failed`; unknown actions
 * show `İşlem: {action}` (api.md 8.6). The subject of each sentence is the user in the row's user column,
 * so the sentences are in the third person without a subject ("... kursunu ekledi.").
 */

/** The detail fields a log entry may carry (product.md 3); anything else is ignored here. */
export interface LogDetails {
  studentDbId?: unknown;
  courseId?: unknown;
  instructorId?: unknown;
  classId?: unknown;
  email?: unknown;
  amount?: unknown;
  oldAmount?: unknown;
  newAmount?: unknown;
  startDate?: unknown;
  newStartDate?: unknown;
  endDate?: unknown;
  newEndDate?: unknown;
  price?: unknown;
  newPrice?: unknown;
  name?: unknown;
  /** The student's and the course's names when the event was recorded (added by the audit log projection). */
  studentName?: unknown;
  courseName?: unknown;
  reason?: unknown;
  [key: string]: unknown;
}

type Sentence = (d: LogDetails) => string;

interface ActionText {
  /** A noun phrase naming the action ("Kurs ekleme"): the filter label and the subject of the failed form. */
  label: string;
  /** The sentence for the action once done. */
  done: Sentence;
}

const text = (v: unknown): string | null => {
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
};

const quoted = (v: unknown): string | null => {
  const t = text(v);
  return t === null ? null : `"${t}"`;
};

/**
 * Money in details: the project keeps money as integer kuruş or as decimal strings (HELPERS-BRIEF "Money"),
 * so a number is read as kuruş and a string as lira already written out.
 */
export function formatLogAmount(v: unknown): string | null {
  if (typeof v === 'number' && Number.isInteger(v)) {
    const negative = v < 0;
    const abs = Math.abs(v);
    const lira = Math.floor(abs / 100)
      .toString()
      .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    const kurus = (abs % 100).toString().padStart(2, '0');
    return `${negative ? '-' : ''}${lira},${kurus} TL`;
  }
  const t = text(v);
  return t === null ? null : `${t} TL`;
}

const pad2 = (n: number) => n.toString().padStart(2, '0');

/**
 * A log date as dd.MM.yyyy (api.md 9.4), with HH:mm when `withTime`. A date-only ISO string is taken as
 * written; an ISO instant reads on the institution's wall clock (an enrolment starting at Istanbul midnight is
 * 21:00 UTC the day before), wherever the log is read. Only ISO text is read as a date (Date.parse also takes
 * text like "7"); anything else reads as written.
 */
function formatLogInstant(v: unknown, withTime: boolean): string | null {
  const t = text(v);
  if (t === null) return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (dateOnly) return `${dateOnly[3]}.${dateOnly[2]}.${dateOnly[1]}`;
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(t) ? Date.parse(t) : Number.NaN;
  if (Number.isNaN(ms)) return t;
  const l = toLocal(ms);
  const date = `${pad2(l.day)}.${pad2(l.month)}.${l.year}`;
  return withTime ? `${date} ${pad2(l.hour)}:${pad2(l.minute)}` : date;
}

/** Enrolment and payment dates: dd.MM.yyyy. */
export const formatLogDate = (v: unknown): string | null => formatLogInstant(v, false);

/** A lesson time (attendance startDate/newStartDate): dd.MM.yyyy HH:mm. */
export const formatLogDateTime = (v: unknown): string | null => formatLogInstant(v, true);

/** "(a: x; b: y)" from the parts that are present, or "" when none is. */
function facts(parts: Array<[string, string | null]>): string {
  const present = parts.filter((p): p is [string, string] => p[1] !== null);
  return present.length ? ` (${present.map(([k, v]) => `${k}: ${v}`).join('; ')})` : '';
}

/** "old → new" when both are known, else whichever is known. */
function change(before: string | null, after: string | null): string | null {
  if (before !== null && after !== null) return before === after ? after : `${before} → ${after}`;
  return after ?? before;
}

/** '"Resim" kursunu ekledi.' when the name is known, else 'Bir kurs ekledi.'. */
/** Whose calendar feed a log line is about (the Turkish subject of the sentence). */
function feedOwner(kind: unknown): string {
  if (kind === 'instructor') return 'Bir eğitmen';
  return kind === 'student' ? 'Bir öğrenci' : kind === 'class' ? 'Bir grup' : 'Kurum';
}

/** "Ali Yılmaz öğrencisi" + suffix when the student's name is known, else `without`. */
function studentPhrase(d: LogDetails, suffix: string, without: string): string {
  const name = text(d.studentName);
  return name === null ? without : `${name} öğrenci${suffix}`;
}

/** "Ali Yılmaz öğrencisinin Piyano kursu kaydını" (each name only when known). */
function enrollmentObject(d: LogDetails): string {
  const course = text(d.courseName);
  return `${studentPhrase(d, 'sinin ', '')}${course === null ? 'kurs' : `${course} kursu`} kaydını`;
}

/** "Ali Yılmaz öğrencisinin 1.500,00 TL ödemesini" / "Ödemeyi" when neither is known. */
function paymentObject(d: LogDetails, amount: unknown, adjective = ''): string {
  const money = formatLogAmount(amount);
  const owner = studentPhrase(d, 'sinin', '');
  const what = `${adjective}${money === null ? '' : `${money} `}`;
  if (owner === '') return `${what}ödemeyi`;
  return `${owner} ${what}ödemesini`;
}

const capitalized = (s: string) => s.charAt(0).toLocaleUpperCase('tr-TR') + s.slice(1);

/** A payment sentence: the student and the amount in the object, the course after it. */
function paymentSentence(
  d: LogDetails,
  amount: unknown,
  verb: string,
  extra: Array<[string, string | null]> = [],
) {
  return `${capitalized(paymentObject(d, amount))} ${verb}${facts([...extra, ['kurs', text(d.courseName)]])}.`;
}

function onNamed(d: LogDetails, withName: (name: string) => string, without: string): string {
  const name = quoted(d.name);
  return name === null ? without : withName(name);
}

/** "Gider (Maaş)" / "Gelir" from an accounting entry's type and subtype; "Muhasebe" when unknown. */
function entryKind(d: LogDetails): string {
  const type = d.type === 'cost' ? 'Gider' : d.type === 'revenue' ? 'Gelir' : 'Muhasebe';
  return d.type === 'cost' && d.subtype === 'wage' ? `${type} (maaş)` : type;
}

function smsTypeLabel(v: unknown): string | null {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(SMS_TYPES, v)
    ? SMS_TYPES[v as keyof typeof SMS_TYPES].label
    : text(v);
}

/** Where a consent came from: a reply to the shared number, the QR page, or the student form. */
function consentSource(v: unknown): string | null {
  if (v === 'sms') return 'SMS yanıtı';
  if (v === 'qr') return 'QR onay sayfası';
  return text(v);
}

const ACTIONS = {
  // accounts and sessions
  login: { label: 'Giriş', done: () => 'Sisteme giriş yaptı.' },
  logout: { label: 'Çıkış', done: () => 'Oturumu kapattı.' },
  refresh_session: { label: 'Oturum yenileme', done: () => 'Oturumunu yeniledi.' },
  end_all_sessions: {
    label: 'Tüm oturumları kapatma',
    done: () => '"Bu ben değildim" diyerek bir oturumunu kapattı (tüm oturumları kapatıldı).',
  },
  create_organization: {
    label: 'Kurum oluşturma',
    done: (d) => onNamed(d, (n) => `${n} kurumunu oluşturdu.`, 'Yeni bir kurum oluşturdu.'),
  },
  create_user: {
    label: 'Kullanıcı oluşturma',
    done: (d) =>
      `Kullanıcı hesabı oluşturdu${facts([
        ['isim', text(d.name)],
        ['e-posta', text(d.email)],
      ])}.`,
  },
  edit_user: {
    label: 'Kullanıcı düzenleme',
    done: (d) =>
      `Kullanıcı bilgilerini düzenledi${facts([
        ['isim', text(d.name)],
        ['e-posta', text(d.email)],
      ])}.`,
  },
  delete_user: {
    label: 'Kullanıcı silme',
    done: (d) =>
      `Kullanıcıyı sildi${facts([
        ['isim', text(d.name)],
        ['e-posta', text(d.email)],
      ])}.`,
  },
  update_profile: { label: 'Profil güncelleme', done: () => 'Profil bilgilerini güncelledi.' },
  add_user_org_role: {
    label: 'Kurum rolü ekleme',
    done: (d) =>
      `Kullanıcıya kurum rolü verdi${facts([
        ['isim', text(d.name)],
        ['e-posta', text(d.email)],
      ])}.`,
  },
  update_org_user: {
    label: 'Kurum kullanıcısı güncelleme',
    done: (d) =>
      `Kurum kullanıcısının bilgilerini güncelledi${facts([
        ['isim', text(d.name)],
        ['e-posta', text(d.email)],
      ])}.`,
  },
  password_reset_request: {
    label: 'Şifre sıfırlama isteği',
    done: (d) => `Şifre sıfırlama isteğinde bulundu${facts([['e-posta', text(d.email)]])}.`,
  },
  password_reset: { label: 'Şifre sıfırlama', done: () => 'Şifresini sıfırladı.' },
  request_email_verification: {
    label: 'E-posta doğrulama isteği',
    done: (d) => `E-posta doğrulama bağlantısı istedi${facts([['e-posta', text(d.email)]])}.`,
  },
  verify_email: { label: 'E-posta doğrulama', done: () => 'E-posta adresini doğruladı.' },
  invite_user: {
    label: 'Kullanıcı davet etme',
    done: (d) => {
      const email = text(d.email);
      return email === null ? 'Bir kullanıcıyı kuruma davet etti.' : `${email} adresini kuruma davet etti.`;
    },
  },
  accept_invitation: { label: 'Davet kabul etme', done: () => 'Kurum davetini kabul etti.' },
  // ours: product.md 4, the manual verification of a personal membership
  request_organization_verification: {
    label: 'Kurum doğrulaması isteme',
    done: () => 'Bireysel üyelik için kurum doğrulaması istedi.',
  },
  approve_organization_verification: {
    label: 'Kurum doğrulamasını onaylama',
    done: () => 'Kurumun bireysel üyelik doğrulamasını onayladı.',
  },
  refuse_organization_verification: {
    label: 'Kurum doğrulamasını reddetme',
    done: (d) =>
      `Kurumun bireysel üyelik doğrulamasını reddetti${text(d.reason) ? ` (gerekçe: ${text(d.reason)})` : ''}.`,
  },
  // ours: the organisation sends a pending invitation again or revokes it (Kullanıcılar, Bekleyen davetler)
  resend_invitation: {
    label: 'Daveti yeniden gönderme',
    done: (d) => {
      const email = text(d.email);
      return email === null ? 'Bir daveti yeniden gönderdi.' : `${email} adresine daveti yeniden gönderdi.`;
    },
  },
  revoke_invitation: {
    label: 'Davet iptal etme',
    done: (d) => {
      const email = text(d.email);
      return email === null ? 'Bir daveti iptal etti.' : `${email} adresine gönderilen daveti iptal etti.`;
    },
  },

  // attendance
  // The attendance is named by its code (name) when the entry carries it; the lesson time is startDate
  // (before an edit) and newStartDate (after it).
  add_attendance: {
    label: 'Yoklama ekleme',
    done: (d) =>
      `${onNamed(d, (n) => `${n} yoklamasını ekledi`, 'Yoklama ekledi')}${facts([
        ['zaman', formatLogDateTime(d.startDate)],
      ])}.`,
  },
  edit_attendance: {
    label: 'Yoklama düzenleme',
    done: (d) => {
      const before = formatLogDateTime(d.startDate);
      const after = formatLogDateTime(d.newStartDate);
      if (before !== null && after !== null && before !== after) {
        const whose = onNamed(d, (n) => `${n} yoklamasının`, 'Yoklamanın');
        return `${whose} zamanını ${before} → ${after} olarak değiştirdi.`;
      }
      return `${onNamed(d, (n) => `${n} yoklamasını düzenledi`, 'Yoklamayı düzenledi')}${facts([
        ['zaman', after ?? before],
      ])}.`;
    },
  },
  delete_attendance: {
    label: 'Yoklama silme',
    done: (d) =>
      `${onNamed(d, (n) => `${n} yoklamasını sildi`, 'Yoklamayı sildi')}${facts([
        ['zaman', formatLogDateTime(d.startDate)],
      ])}.`,
  },

  // courses
  add_course: {
    label: 'Kurs ekleme',
    done: (d) => onNamed(d, (n) => `${n} kursunu ekledi.`, 'Yeni bir kurs ekledi.'),
  },
  edit_course: {
    label: 'Kurs düzenleme',
    done: (d) => onNamed(d, (n) => `${n} kursunu düzenledi.`, 'Bir kursu düzenledi.'),
  },
  soft_delete_course: {
    label: 'Kurs silme',
    done: (d) => onNamed(d, (n) => `${n} kursunu sildi.`, 'Bir kursu sildi.'),
  },
  resurrect_course: {
    label: 'Kurs geri getirme',
    done: (d) => onNamed(d, (n) => `Silinmiş ${n} kursunu geri getirdi.`, 'Silinmiş bir kursu geri getirdi.'),
  },
  delete_course: {
    label: 'Kurs kalıcı silme',
    done: (d) => onNamed(d, (n) => `${n} kursunu kalıcı olarak sildi.`, 'Bir kursu kalıcı olarak sildi.'),
  },

  // enrolments
  add_enrollment: {
    label: 'Kurs kaydı ekleme',
    done: (d) =>
      `${studentPhrase(d, 'sine ', 'Öğrenciye ')}${text(d.courseName) === null ? 'kurs' : `${text(d.courseName)} kursu`} kaydı ekledi${facts(
        [
          ['ücret', formatLogAmount(d.price)],
          ['başlangıç', formatLogDate(d.startDate)],
          ['bitiş', formatLogDate(d.endDate)],
        ],
      )}.`,
  },
  edit_enrollment: {
    label: 'Kurs kaydı düzenleme',
    done: (d) =>
      `${capitalized(enrollmentObject(d))} düzenledi${facts([
        ['ücret', change(formatLogAmount(d.price), formatLogAmount(d.newPrice))],
        ['başlangıç', change(formatLogDate(d.startDate), formatLogDate(d.newStartDate))],
        ['bitiş', change(formatLogDate(d.endDate), formatLogDate(d.newEndDate))],
      ])}.`,
  },
  delete_enrollment: { label: 'Kurs kaydı silme', done: (d) => `${capitalized(enrollmentObject(d))} sildi.` },
  end_enrollment: {
    label: 'Kurs kaydı kapatma',
    done: (d) =>
      `${capitalized(enrollmentObject(d))} kapattı${facts([['bitiş', formatLogDate(d.endDate ?? d.newEndDate)]])}.`,
  },

  // instructors
  add_instructor: {
    label: 'Eğitmen ekleme',
    done: (d) => onNamed(d, (n) => `${n} adlı eğitmeni ekledi.`, 'Yeni bir eğitmen ekledi.'),
  },
  edit_instructor: {
    label: 'Eğitmen düzenleme',
    done: (d) =>
      onNamed(d, (n) => `${n} adlı eğitmenin bilgilerini düzenledi.`, 'Bir eğitmenin bilgilerini düzenledi.'),
  },
  soft_delete_instructor: {
    label: 'Eğitmen silme',
    done: (d) => onNamed(d, (n) => `${n} adlı eğitmeni sildi.`, 'Bir eğitmeni sildi.'),
  },
  resurrect_instructor: {
    label: 'Eğitmen geri getirme',
    done: (d) =>
      onNamed(d, (n) => `${n} adlı silinmiş eğitmeni geri getirdi.`, 'Silinmiş bir eğitmeni geri getirdi.'),
  },
  delete_instructor: {
    label: 'Eğitmen kalıcı silme',
    done: (d) =>
      onNamed(d, (n) => `${n} adlı eğitmeni kalıcı olarak sildi.`, 'Bir eğitmeni kalıcı olarak sildi.'),
  },

  // employees (product.md 3 names no employee actions; ours, in the instructors' words)
  add_employee: {
    label: 'Çalışan ekleme',
    done: (d) => onNamed(d, (n) => `${n} adlı çalışanı ekledi.`, 'Yeni bir çalışan ekledi.'),
  },
  edit_employee: {
    label: 'Çalışan düzenleme',
    done: (d) =>
      onNamed(d, (n) => `${n} adlı çalışanın bilgilerini düzenledi.`, 'Bir çalışanın bilgilerini düzenledi.'),
  },
  soft_delete_employee: {
    label: 'Çalışan silme',
    done: (d) => onNamed(d, (n) => `${n} adlı çalışanı sildi.`, 'Bir çalışanı sildi.'),
  },
  resurrect_employee: {
    label: 'Çalışan geri getirme',
    done: (d) =>
      onNamed(d, (n) => `${n} adlı silinmiş çalışanı geri getirdi.`, 'Silinmiş bir çalışanı geri getirdi.'),
  },
  delete_employee: {
    label: 'Çalışan kalıcı silme',
    done: (d) =>
      onNamed(d, (n) => `${n} adlı çalışanı kalıcı olarak sildi.`, 'Bir çalışanı kalıcı olarak sildi.'),
  },

  // groups (classes)
  create_class: {
    label: 'Grup oluşturma',
    done: (d) => onNamed(d, (n) => `${n} grubunu oluşturdu.`, 'Yeni bir grup oluşturdu.'),
  },
  edit_class: {
    label: 'Grup düzenleme',
    done: (d) => onNamed(d, (n) => `${n} grubunu düzenledi.`, 'Bir grubu düzenledi.'),
  },
  delete_class: {
    label: 'Grup silme',
    done: (d) => onNamed(d, (n) => `${n} grubunu sildi.`, 'Bir grubu sildi.'),
  },
  edit_class_members: {
    label: 'Grup üyelerini düzenleme',
    done: (d) => onNamed(d, (n) => `${n} grubunun üyelerini düzenledi.`, 'Bir grubun üyelerini düzenledi.'),
  },

  // grades (ours: product.md 3 names no grade actions)
  add_grade: {
    label: 'Not ekleme',
    done: (d) => `Not ekledi${facts([['not', text(d.name)]])}.`,
  },
  edit_grade: {
    label: 'Not düzenleme',
    done: (d) => `Notu düzenledi${facts([['not', text(d.name)]])}.`,
  },
  delete_grade: {
    label: 'Not silme',
    done: (d) => `Notu sildi${facts([['not', text(d.name)]])}.`,
  },

  // backups (ours: product.md 6 names the buttons, not their log lines)
  request_backup: {
    label: 'Yedek alma',
    done: () => 'Tam veritabanı yedeği aldı.',
  },
  import_organization_backup: {
    label: 'Kurum yedeği yükleme',
    done: () => 'Bir kurum yedeğini yükledi.',
  },
  export_organization_backup: {
    label: 'Kurum yedeği alma',
    done: (d) => `Kurum yedeğini indirdi${facts([['dosya', text(d.fileName)]])}.`,
  },

  // calendar feeds (ours)
  rotate_calendar_feed: {
    label: 'Takvim bağlantısı oluşturma',
    done: (d) => `${feedOwner(d.kind)} için yeni takvim bağlantısı oluşturdu.`,
  },
  revoke_calendar_feed: {
    label: 'Takvim bağlantısı kapatma',
    done: (d) => `${feedOwner(d.kind)} için takvim bağlantısını kapattı.`,
  },

  // schedules (ours: product.md 3 names no schedule actions)
  add_schedule: {
    label: 'Program ekleme',
    done: (d) => onNamed(d, (n) => `${n} programını ekledi.`, 'Yeni bir ders programı ekledi.'),
  },
  update_schedule_details: {
    label: 'Program düzenleme',
    done: (d) =>
      onNamed(
        d,
        (n) => `${n} programının detaylarını güncelledi.`,
        'Bir ders programının detaylarını güncelledi.',
      ),
  },
  update_schedule_members: {
    label: 'Program üyelerini düzenleme',
    done: (d) =>
      onNamed(
        d,
        (n) => `${n} programının üyelerini güncelledi.`,
        'Bir ders programının üyelerini güncelledi.',
      ),
  },
  remove_schedule_student: {
    label: 'Programdan öğrenci çıkarma',
    done: () => 'Bir ders programından öğrenci çıkardı.',
  },
  remove_schedule_class: {
    label: 'Programdan grup çıkarma',
    done: () => 'Bir ders programından grup çıkardı.',
  },
  delete_schedule: {
    label: 'Program silme',
    done: (d) =>
      `${onNamed(d, (n) => `${n} programını sildi`, 'Bir ders programını sildi')}${text(d.reason) ? ` (${text(d.reason)})` : ''}.`,
  },

  // media
  upload_media: {
    label: 'Medya yükleme',
    done: (d) => onNamed(d, (n) => `${n} dosyasını yükledi.`, 'Medya dosyası yükledi.'),
  },
  delete_media: {
    label: 'Medya silme',
    done: (d) => onNamed(d, (n) => `${n} dosyasını sildi.`, 'Medya dosyası sildi.'),
  },

  // payments
  add_payment: {
    label: 'Ödeme ekleme',
    done: (d) => {
      const amount = formatLogAmount(d.amount);
      if (text(d.studentName) !== null) return paymentSentence(d, d.amount, 'ekledi');
      return amount === null ? 'Ödeme ekledi.' : `${amount} tutarında ödeme ekledi.`;
    },
  },
  edit_payment: {
    label: 'Ödeme düzenleme',
    done: (d) =>
      paymentSentence(d, null, 'düzenledi', [
        ['tutar', change(formatLogAmount(d.oldAmount), formatLogAmount(d.newAmount ?? d.amount))],
      ]),
  },
  soft_delete_payment: {
    label: 'Ödeme silme',
    done: (d) =>
      text(d.studentName) === null
        ? `Ödemeyi sildi${facts([['tutar', formatLogAmount(d.amount)]])}.`
        : paymentSentence(d, d.amount, 'sildi'),
  },
  resurrect_payment: {
    label: 'Ödeme geri getirme',
    done: (d) =>
      text(d.studentName) === null
        ? `Silinmiş ödemeyi geri getirdi${facts([['tutar', formatLogAmount(d.amount)]])}.`
        : `${capitalized(paymentObject(d, d.amount, 'silinmiş '))} geri getirdi${facts([['kurs', text(d.courseName)]])}.`,
  },
  delete_payment: {
    label: 'Ödeme kalıcı silme',
    done: (d) =>
      text(d.studentName) === null
        ? `Ödemeyi kalıcı olarak sildi${facts([['tutar', formatLogAmount(d.amount)]])}.`
        : paymentSentence(d, d.amount, 'kalıcı olarak sildi'),
  },

  // accounting (Muhasebe)
  add_accounting_entry: {
    label: 'Muhasebe kaydı ekleme',
    done: (d) => `${entryKind(d)} kaydı ekledi${facts([['tutar', formatLogAmount(d.amount)]])}.`,
  },
  edit_accounting_entry: {
    label: 'Muhasebe kaydı düzenleme',
    done: (d) =>
      `${entryKind(d)} kaydını düzenledi${facts([
        ['tutar', change(formatLogAmount(d.oldAmount), formatLogAmount(d.newAmount ?? d.amount))],
      ])}.`,
  },
  issue_receipt: {
    label: 'Makbuz düzenleme',
    done: (d) => `Tahsilat makbuzu düzenledi${facts([['makbuz no', text(d.name)]])}.`,
  },
  reverse_accounting_entry: {
    label: 'Muhasebe kaydı iptali',
    done: (d) =>
      `${entryKind(d)} kaydını iptal etti${facts([
        ['tutar', formatLogAmount(d.amount)],
        ['neden', text(d.reason)],
      ])}.`,
  },

  // SMS (ours: not in product.md 3's list)
  send_sms: {
    label: 'SMS gönderme',
    done: (d) =>
      `${text(d.count) === null ? 'SMS' : `${text(d.count)} SMS`} gönderdi${facts([
        ['kredi', text(d.credits)],
        ['tür', smsTypeLabel(d.smsType)],
      ])}.`,
  },
  change_sms_consent: {
    label: 'SMS izni değişikliği',
    done: (d) => {
      const phone = text(d.phone);
      const status = text(d.status);
      const what = phone === null ? 'Bir numaranın SMS iznini' : `${phone} numarasının SMS iznini`;
      return `${what} ${status === null ? 'değiştirdi' : `${status} olarak kaydetti`}${facts([
        ['kaynak', consentSource(d.source)],
      ])}.`;
    },
  },
  update_sms_notices: {
    label: 'Otomatik SMS bildirimleri',
    done: (d) => `Otomatik SMS bildirimlerini güncelledi${facts([['açık', text(d.enabled)]])}.`,
  },

  // students
  register_student: {
    label: 'Öğrenci kaydı',
    done: (d) => onNamed(d, (n) => `${n} adlı öğrenciyi kaydetti.`, 'Yeni bir öğrenci kaydetti.'),
  },
  edit_student: {
    label: 'Öğrenci düzenleme',
    done: (d) =>
      onNamed(
        d,
        (n) => `${n} adlı öğrencinin bilgilerini düzenledi.`,
        'Bir öğrencinin bilgilerini düzenledi.',
      ),
  },
  soft_delete_student: {
    label: 'Öğrenci silme',
    done: (d) => onNamed(d, (n) => `${n} adlı öğrenciyi sildi.`, 'Bir öğrenciyi sildi.'),
  },
  resurrect_student: {
    label: 'Öğrenci geri getirme',
    done: (d) =>
      onNamed(d, (n) => `${n} adlı silinmiş öğrenciyi geri getirdi.`, 'Silinmiş bir öğrenciyi geri getirdi.'),
  },
  // KVKK: the sentence names the student by number only, never by a name that was erased.
  erase_student_personal_data: {
    label: 'Kişisel veri silme (KVKK)',
    done: (d) =>
      typeof d.studentNumber === 'number'
        ? `${String(d.studentNumber).padStart(5, '0')} numaralı öğrencinin kişisel verilerini sildi (KVKK).`
        : 'Bir öğrencinin kişisel verilerini sildi (KVKK).',
  },
  // ours: the import of a student list logs one entry per request with its counts
  import_students: {
    label: 'Öğrenci listesi içe aktarma',
    done: (d) =>
      `${quoted(d.fileName) === null ? 'Bir dosyadan' : `${quoted(d.fileName)} dosyasından`} ${text(d.created) ?? '0'} öğrenciyi içe aktardı${facts(
        [
          ['satır', text(d.total)],
          ['zaten kayıtlı', text(d.existing)],
          ['reddedilen', text(d.refused)],
        ],
      )}.`,
  },
} as const satisfies Record<string, ActionText>;

export type LogAction = keyof typeof ACTIONS;

/** Every known action of product.md 3, in the order of that list (grouped by area). */
export const LOG_ACTIONS = Object.keys(ACTIONS) as LogAction[];

export const FAILED_SUFFIX = '_failed';

function lookup(action: string): { text: ActionText; failed: boolean } | null {
  const failed = action.endsWith(FAILED_SUFFIX);
  const base = failed ? action.slice(0, -FAILED_SUFFIX.length) : action;
  return Object.prototype.hasOwnProperty.call(ACTIONS, base)
    ? { text: ACTIONS[base as LogAction], failed }
    : null;
}

export function isKnownLogAction(action: string): boolean {
  return lookup(action) !== null;
}

/** A short name for filters: "Kurs ekleme", "Kurs ekleme (başarısız)"; unknown actions read `İşlem: {action}`. */
export function logActionLabel(action: string): string {
  const found = lookup(action);
  if (!found) return `İşlem: ${action}`;
  return found.failed ? `${found.text.label} (başarısız)` : found.text.label;
}

/**
 * The sentence for one log entry. A failed action reads "<label> denemesi başarısız oldu (<who or what>): <reason>."
 * so that the refusal reason the server recorded is visible to the school admin.
 */
export function logSentence(action: string, details: LogDetails | null | undefined = {}): string {
  const d: LogDetails = details && typeof details === 'object' ? details : {};
  const found = lookup(action);
  if (!found) return `İşlem: ${action}`;
  if (!found.failed) return found.text.done(d);
  const target = text(d.name) ?? text(d.email);
  const reason = text(d.reason)?.replace(/[.!]+$/, '') ?? null;
  return `${found.text.label} denemesi başarısız oldu${target ? ` (${target})` : ''}${reason ? `: ${reason}` : ''}.`;
}
