import { describe, expect, it } from 'vitest';
import {
  FAILED_SUFFIX,
  LOG_ACTIONS,
  formatLogAmount,
  formatLogDate,
  formatLogDateTime,
  isKnownLogAction,
  logActionLabel,
  logSentence,
} from './sentences';

// product.md 3: the known actions, with the slash forms written out.
const SPEC_ACTIONS = [
  'login',
  'logout',
  'create_organization',
  'create_user',
  'edit_user',
  'delete_user',
  'update_profile',
  'add_user_org_role',
  'update_org_user',
  'refresh_session',
  'password_reset_request',
  'password_reset',
  'request_email_verification',
  'verify_email',
  'invite_user',
  'accept_invitation',
  'add_attendance',
  'edit_attendance',
  'delete_attendance',
  'add_course',
  'edit_course',
  'soft_delete_course',
  'resurrect_course',
  'delete_course',
  'add_enrollment',
  'edit_enrollment',
  'delete_enrollment',
  'end_enrollment',
  'add_instructor',
  'edit_instructor',
  'soft_delete_instructor',
  'resurrect_instructor',
  'delete_instructor',
  'create_class',
  'edit_class',
  'delete_class',
  'edit_class_members',
  'upload_media',
  'delete_media',
  'add_payment',
  'edit_payment',
  'soft_delete_payment',
  'resurrect_payment',
  'delete_payment',
  'register_student',
  'edit_student',
  'soft_delete_student',
  'resurrect_student',
];

// Actions of areas the spec's list predates (docs/DECISIONS.md), one line each; product.md 3 names no
// employee actions, so employees who are not instructors are logged with ours.
const OUR_ACTIONS = [
  'end_all_sessions',
  'resend_invitation',
  'revoke_invitation',
  'add_accounting_entry',
  'edit_accounting_entry',
  'reverse_accounting_entry',
  'issue_receipt',
  'add_employee',
  'edit_employee',
  'soft_delete_employee',
  'resurrect_employee',
  'delete_employee',
  'add_schedule',
  'update_schedule_details',
  'update_schedule_members',
  'remove_schedule_student',
  'remove_schedule_class',
  'delete_schedule',
  'add_grade',
  'edit_grade',
  'delete_grade',
  'rotate_calendar_feed',
  'revoke_calendar_feed',
  'request_backup',
  'import_organization_backup',
  'export_organization_backup',
  'request_organization_verification',
  'approve_organization_verification',
  'refuse_organization_verification',
  'import_students',
  'send_sms',
  'change_sms_consent',
  'update_sms_notices',
  'erase_student_personal_data',
];

describe('log sentences', () => {
  it('knows exactly the actions of product.md section 3, and ours', () => {
    expect([...LOG_ACTIONS].sort()).toEqual([...SPEC_ACTIONS, ...OUR_ACTIONS].sort());
  });

  it.each([...SPEC_ACTIONS, ...OUR_ACTIONS])(
    'gives %s and its _failed variant a Turkish sentence, never the fallback',
    (action) => {
      for (const a of [action, `${action}${FAILED_SUFFIX}`]) {
        expect(isKnownLogAction(a)).toBe(true);
        for (const details of [
          {},
          { name: 'Resim', email: 'a@b.co', amount: 12550, startDate: '2025-09-01' },
        ]) {
          const s = logSentence(a, details);
          expect(s.startsWith('İşlem:')).toBe(false);
          expect(s).toMatch(/\.$/);
          expect(s).not.toMatch(/undefined|null|\[object/);
        }
      }
    },
  );

  it('gives every action a distinct label, and failed ones are marked', () => {
    const labels = LOG_ACTIONS.map((a) => logActionLabel(a));
    expect(new Set(labels).size).toBe(labels.length);
    expect(logActionLabel('add_course_failed')).toBe('Kurs ekleme (başarısız)');
  });

  it('words a student list import with its file and counts', () => {
    expect(
      logSentence('import_students', {
        fileName: 'liste.csv',
        total: 20,
        created: 18,
        existing: 0,
        refused: 2,
      }),
    ).toBe('"liste.csv" dosyasından 18 öğrenciyi içe aktardı (satır: 20; zaten kayıtlı: 0; reddedilen: 2).');
  });

  it('names the course when the details carry its name', () => {
    expect(logSentence('add_course', { courseId: 'c1', name: 'Resim' })).toBe('"Resim" kursunu ekledi.');
    expect(logSentence('add_course', { courseId: 'c1' })).toBe('Yeni bir kurs ekledi.');
    expect(logSentence('soft_delete_course', { name: ' ' })).toBe('Bir kursu sildi.');
  });

  it('words SMS sends, consent changes and notice settings', () => {
    expect(logSentence('send_sms', { count: 2, credits: 3, smsType: 'debtWarning' })).toBe(
      '2 SMS gönderdi (kredi: 3; tür: Ödeme Uyarısı).',
    );
    expect(logSentence('change_sms_consent', { phone: '5331110001', status: 'RET', source: 'qr' })).toBe(
      '5331110001 numarasının SMS iznini RET olarak kaydetti (kaynak: QR onay sayfası).',
    );
    expect(logSentence('update_sms_notices', {})).toBe('Otomatik SMS bildirimlerini güncelledi.');
  });

  it('shows the refusal reason and target of a failed action', () => {
    expect(
      logSentence('login_failed', { email: 'ali@ornek.com', reason: 'E-posta adresi veya şifre hatalı.' }),
    ).toBe('Giriş denemesi başarısız oldu (ali@ornek.com): E-posta adresi veya şifre hatalı.');
    expect(logSentence('add_course_failed', { reason: 'kurs adı eksik' })).toBe(
      'Kurs ekleme denemesi başarısız oldu: kurs adı eksik.',
    );
    expect(logSentence('logout_failed')).toBe('Çıkış denemesi başarısız oldu.');
  });

  it('shows unknown actions as İşlem: {action}', () => {
    expect(logSentence('export_everything', { name: 'x' })).toBe('İşlem: export_everything');
    expect(logSentence('export_everything_failed')).toBe('İşlem: export_everything_failed');
    expect(logSentence('_failed')).toBe('İşlem: _failed');
    expect(logActionLabel('toString')).toBe('İşlem: toString');
    expect(isKnownLogAction('constructor')).toBe(false);
  });

  it('tolerates missing or malformed details', () => {
    expect(logSentence('add_payment', null)).toBe('Ödeme ekledi.');
    expect(logSentence('add_payment', undefined)).toBe('Ödeme ekledi.');
    expect(logSentence('edit_payment', { oldAmount: { x: 1 }, newAmount: [] })).toBe('Ödemeyi düzenledi.');
  });

  it('names the student and the course of enrolments and payments as the log recorded them', () => {
    const who = { studentName: 'Ali Yılmaz', courseName: 'Piyano' };
    expect(logSentence('add_enrollment', { ...who, price: 150000 })).toBe(
      'Ali Yılmaz öğrencisine Piyano kursu kaydı ekledi (ücret: 1.500,00 TL).',
    );
    expect(logSentence('edit_enrollment', { ...who, price: 100, newPrice: 200 })).toBe(
      'Ali Yılmaz öğrencisinin Piyano kursu kaydını düzenledi (ücret: 1,00 TL → 2,00 TL).',
    );
    expect(logSentence('end_enrollment', { ...who, endDate: '2026-06-30' })).toBe(
      'Ali Yılmaz öğrencisinin Piyano kursu kaydını kapattı (bitiş: 30.06.2026).',
    );
    expect(logSentence('soft_delete_payment', { studentName: 'Ali Yılmaz', amount: 150000 })).toBe(
      'Ali Yılmaz öğrencisinin 1.500,00 TL ödemesini sildi.',
    );
    expect(logSentence('soft_delete_payment', { ...who, amount: 150000 })).toBe(
      'Ali Yılmaz öğrencisinin 1.500,00 TL ödemesini sildi (kurs: Piyano).',
    );
    expect(logSentence('add_payment', { ...who, amount: 150000 })).toBe(
      'Ali Yılmaz öğrencisinin 1.500,00 TL ödemesini ekledi (kurs: Piyano).',
    );
    expect(logSentence('edit_payment', { ...who, oldAmount: 100, newAmount: 200 })).toBe(
      'Ali Yılmaz öğrencisinin ödemesini düzenledi (tutar: 1,00 TL → 2,00 TL; kurs: Piyano).',
    );
    expect(logSentence('resurrect_payment', { ...who, amount: 100 })).toBe(
      'Ali Yılmaz öğrencisinin silinmiş 1,00 TL ödemesini geri getirdi (kurs: Piyano).',
    );
    expect(logSentence('delete_payment', { ...who, amount: 100 })).toBe(
      'Ali Yılmaz öğrencisinin 1,00 TL ödemesini kalıcı olarak sildi (kurs: Piyano).',
    );
    // a course name alone, and neither (entries written before the names were kept)
    expect(logSentence('add_enrollment', { courseName: 'Piyano' })).toBe(
      'Öğrenciye Piyano kursu kaydı ekledi.',
    );
    expect(logSentence('add_enrollment', {})).toBe('Öğrenciye kurs kaydı ekledi.');
    expect(logSentence('delete_enrollment', {})).toBe('Kurs kaydını sildi.');
  });

  it('writes amounts and date changes of enrolments and payments', () => {
    expect(logSentence('add_payment', { amount: 150000 })).toBe('1.500,00 TL tutarında ödeme ekledi.');
    expect(logSentence('edit_payment', { oldAmount: '100', newAmount: '250.50' })).toBe(
      'Ödemeyi düzenledi (tutar: 100 TL → 250.50 TL).',
    );
    expect(
      logSentence('edit_enrollment', {
        price: 10000,
        newPrice: 12000,
        startDate: '2025-01-01',
        newStartDate: '2025-02-01',
      }),
    ).toBe('Kurs kaydını düzenledi (ücret: 100,00 TL → 120,00 TL; başlangıç: 01.01.2025 → 01.02.2025).');
  });

  it('writes the lesson time of attendances on the Istanbul wall clock, old and new on an edit', () => {
    // 14:00 on 5 March 2025 in Istanbul is 11:00 UTC (UTC+3), whatever the reader's time zone.
    const before = '2025-03-05T11:00:00.000Z';
    const after = '2025-03-06T12:00:00.000Z';
    expect(
      logSentence('edit_attendance', { name: 'YK-2503-0001', startDate: before, newStartDate: after }),
    ).toBe('"YK-2503-0001" yoklamasının zamanını 05.03.2025 14:00 → 06.03.2025 15:00 olarak değiştirdi.');
    expect(logSentence('edit_attendance', { startDate: before, newStartDate: after })).toBe(
      'Yoklamanın zamanını 05.03.2025 14:00 → 06.03.2025 15:00 olarak değiştirdi.',
    );
    // Same time (attendees or instructor changed), or an entry from before the log kept the old time.
    expect(
      logSentence('edit_attendance', { name: 'YK-2503-0001', startDate: before, newStartDate: before }),
    ).toBe('"YK-2503-0001" yoklamasını düzenledi (zaman: 05.03.2025 14:00).');
    expect(logSentence('edit_attendance', { newStartDate: after })).toBe(
      'Yoklamayı düzenledi (zaman: 06.03.2025 15:00).',
    );
    expect(logSentence('edit_attendance', {})).toBe('Yoklamayı düzenledi.');
    expect(logSentence('delete_attendance', { name: 'YK-2503-0001', startDate: before })).toBe(
      '"YK-2503-0001" yoklamasını sildi (zaman: 05.03.2025 14:00).',
    );
    expect(logSentence('delete_attendance', { courseId: 'c1' })).toBe('Yoklamayı sildi.');
    expect(logSentence('add_attendance', { name: 'YK-2503-0001', startDate: before })).toBe(
      '"YK-2503-0001" yoklamasını ekledi (zaman: 05.03.2025 14:00).',
    );
    expect(logSentence('add_attendance', {})).toBe('Yoklama ekledi.');
  });

  it('formats lesson times in Istanbul time, across the summer time Turkey used before 2016', () => {
    expect(formatLogDateTime('2025-12-31T21:30:00.000Z')).toBe('01.01.2026 00:30');
    expect(formatLogDateTime('2015-07-01T15:00:00.000Z')).toBe('01.07.2015 18:00');
    expect(formatLogDateTime('2015-01-01T15:00:00.000Z')).toBe('01.01.2015 17:00');
    expect(formatLogDateTime('2025-09-01')).toBe('01.09.2025');
    expect(formatLogDateTime('yarın')).toBe('yarın');
    expect(formatLogDateTime(7)).toBe('7');
    expect(formatLogDateTime(null)).toBeNull();
  });

  it('formats kuruş amounts and dates the Turkish way', () => {
    expect(formatLogAmount(0)).toBe('0,00 TL');
    expect(formatLogAmount(-5)).toBe('-0,05 TL');
    expect(formatLogAmount(123456789)).toBe('1.234.567,89 TL');
    expect(formatLogAmount(1.5)).toBe('1.5 TL');
    expect(formatLogAmount(null)).toBeNull();
    expect(formatLogDate('2025-03-09')).toBe('09.03.2025');
    expect(formatLogDate(new Date(2025, 2, 9, 15, 30).toISOString())).toBe('09.03.2025');
    // an enrolment starting at Istanbul midnight is stored as 21:00 UTC of the day before
    expect(formatLogDate('2025-03-04T21:00:00.000Z')).toBe('05.03.2025');
    expect(formatLogDate('2016-01-31T22:00:00.000Z')).toBe('01.02.2016');
    expect(formatLogDate('yarın')).toBe('yarın');
    expect(formatLogDate('')).toBeNull();
  });
});
