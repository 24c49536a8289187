import {
  attendanceCode,
  attendanceCodePeriod,
  attendanceNumberStream,
  attendanceStream,
  courseStream,
  fromLocal,
  generateTckn,
  paymentStream,
  slugify,
  studentNumberFor,
  studentNumberStream,
  studentStream,
  tcknReservationStream,
  toLocal,
  type AttendanceEvent,
  type AttendanceNumberEvent,
  type CourseEvent,
  type EnrollmentEvent,
  type PaymentEvent,
  type PaymentMethod,
  type StudentEvent,
  type StudentNumberEvent,
  type TcknRef,
  type TcknReservationEvent,
} from '@okul/domain';

/**
 * A large institution's history as the server would have written it (product.md 3 entities, the streams of
 * the deciders): 3,000 students over 10 years with their number and TCKN reservations, 1-3 enrolments each
 * (per_class and periodic, some ended, some with a discount or a price change), weekly group lessons per
 * course slot attended by the students enrolled in it at that time, and 40,000 payments (a few corrections,
 * edits and deletions). Deterministic for a seed, so benchmark runs compare.
 */
export interface LargeOrgOptions {
  organizationId: string;
  /** The owner who "did" everything (createdBy, event metadata). */
  userId: string;
  students?: number;
  payments?: number;
  years?: number;
  courses?: number;
  seed?: number;
  now?: Date;
  /** The server's keyed TCKN hash, so reservations are named as the server names them (a stand-in if absent). */
  tcknRef?: TcknRef;
}

export interface SeedEvent {
  at: number;
  streamId: string;
  type: string;
  data: unknown;
}

export interface GeneratedOrg {
  events: SeedEvent[];
  counts: {
    students: number;
    enrollments: number;
    attendances: number;
    attendees: number;
    payments: number;
    courses: number;
  };
}

const DAY = 86_400_000;

const COURSE_NAMES = [
  'Piyano',
  'Keman',
  'Gitar',
  'Bağlama',
  'Davul',
  'Şan',
  'Resim',
  'Bale',
  'Satranç',
  'Flüt',
  'Çello',
  'Matematik',
  'Fizik',
  'İngilizce',
  'Almanca',
  'Robotik Kodlama',
  'Seramik',
  'Tiyatro',
  'Yaratıcı Drama',
  'Ney',
  'Kanun',
  'Ud',
  'Heykel',
  'Fotoğrafçılık',
];
const FIRST = [
  'Ayşe',
  'Mehmet',
  'Zeynep',
  'Emre',
  'Elif',
  'Can',
  'Işıl',
  'Oğuz',
  'Şule',
  'Çağrı',
  'Deniz',
  'Ümit',
  'İrem',
  'Burak',
  'Gökçe',
  'Kerem',
  'Ilgın',
  'Ömer',
  'Sena',
  'Tolga',
];
const LAST = [
  'Yılmaz',
  'Kaya',
  'Demir',
  'Şahin',
  'Çelik',
  'Öztürk',
  'Aydın',
  'Arslan',
  'Doğan',
  'Güneş',
  'Kılıç',
  'Aslan',
  'Çetin',
  'Koç',
  'Kurt',
  'Özdemir',
  'Şimşek',
  'Polat',
  'Erdoğan',
  'Yıldız',
];
const PLACES = ['İstanbul', 'Ankara', 'İzmir', 'Bursa', 'Eskişehir', 'Muğla', 'Trabzon', 'Antalya'];
const JOBS = ['Öğretmen', 'Mühendis', 'Doktor', 'Esnaf', 'Avukat', 'Hemşire', 'Memur', 'Serbest'];

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateLargeOrg(o: LargeOrgOptions): GeneratedOrg {
  const rand = prng(o.seed ?? 20_261_122);
  const tcknRef = o.tcknRef ?? ((org: string, t: string) => `seed-${org}-${[...t].reverse().join('')}`);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const chance = (p: number) => rand() < p;
  const uuid = () => {
    const h = Array.from({ length: 16 }, () => Math.floor(rand() * 256));
    h[6] = (h[6] & 0x0f) | 0x40;
    h[8] = (h[8] & 0x3f) | 0x80;
    const x = h.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  const org = o.organizationId;
  const user = o.userId;
  const now = (o.now ?? new Date()).getTime();
  const years = o.years ?? 10;
  const startYear = toLocal(now).year - years;
  const start = fromLocal({ year: startYear, month: 1, day: 1 });
  const events: SeedEvent[] = [];
  const push = <E extends { type: string; data: unknown }>(at: number, streamId: string, e: E) =>
    events.push({ at, streamId, type: e.type, data: e.data });
  const money = (minTl: number, maxTl: number, stepTl: number) =>
    int(minTl / stepTl, maxTl / stepTl) * stepTl * 100;

  // Courses, each with two or three weekly slots (weekday Monday 0 .. Saturday 5, local time).
  const courses = COURSE_NAMES.slice(0, o.courses ?? 20).map((name, index) => {
    const id = uuid();
    push<CourseEvent>(start - DAY, courseStream(id), {
      type: 'CourseAdded',
      data: {
        courseId: id,
        organizationId: org,
        name,
        courseExplanation: `${name} dersleri, her yaş ve seviyeye`,
        code: null,
        isGroupCourse: true,
        isPrivateCourse: false,
        index,
        safeName: slugify(name) ?? '',
      },
    });
    const slots = Array.from({ length: int(2, 3) }, () => ({
      weekday: int(0, 5),
      hour: int(10, 19),
      minute: pick([0, 30]),
    }));
    return { id, name, slots };
  });

  // Students, numbered by registration year in registration order.
  const tckns = new Set<string>();
  const regTimes = Array.from(
    { length: o.students ?? 3000 },
    () => start + Math.floor(rand() * (now - 14 * DAY - start)),
  );
  regTimes.sort((a, b) => a - b);
  const sequence = new Map<number, number>();
  const students = regTimes.map((at) => {
    const id = uuid();
    const local = toLocal(at);
    const seq = (sequence.get(local.year) ?? 0) + 1;
    sequence.set(local.year, seq);
    const studentNumber = studentNumberFor(local.year, seq);
    let tckn = generateTckn(rand);
    while (tckns.has(tckn)) tckn = generateTckn(rand);
    tckns.add(tckn);
    const age = chance(0.7) ? int(6, 17) : int(18, 45);
    const surname = pick(LAST);
    const child = age < 18;
    const consent = () => (chance(0.6) ? ('ONAY' as const) : chance(0.2) ? ('RET' as const) : null);
    const phone = () => `5${int(300_000_000, 599_999_999)}`;
    const studentPhoneOptInStatus = child && chance(0.5) ? null : consent();
    const parent1PhoneOptInStatus = child ? consent() : null;
    const fields = {
      name: pick(FIRST),
      surname,
      dobD: int(1, 28),
      dobM: int(1, 12),
      dobY: local.year - age,
      regD: local.day,
      regM: local.month,
      regY: local.year,
      TCKN: tckn,
      email: chance(0.7) ? `ogrenci${studentNumber}@example.com` : null,
      phone: child && chance(0.5) ? null : phone(),
      studentPhoneOptInStatus,
      address: `${pick(PLACES)}, Örnek Mah. ${int(1, 99)}. Sok. No: ${int(1, 40)}`,
      pob: pick(PLACES),
      facebook: null,
      instagram: chance(0.2) ? `@ogr${studentNumber}` : null,
      parent1Name: child ? `${pick(FIRST)} ${surname}` : null,
      parent1Phone: child ? phone() : null,
      parent1Job: child ? pick(JOBS) : null,
      parent2Name: child && chance(0.5) ? `${pick(FIRST)} ${surname}` : null,
      parent2Phone: null,
      parent2Job: null,
      parent1PhoneOptInStatus,
      parent2PhoneOptInStatus: null,
      notes: chance(0.1) ? 'Veli ile haftalık görüşülecek.' : null,
      studentPhoneConsentDate: studentPhoneOptInStatus ? iso(at) : null,
      parent1PhoneConsentDate: parent1PhoneOptInStatus ? iso(at) : null,
      parent2PhoneConsentDate: null,
    };
    push<StudentNumberEvent>(at, studentNumberStream(org, local.year), {
      type: 'StudentNumberAllocated',
      data: {
        organizationId: org,
        year: local.year,
        sequence: seq,
        studentNumber,
        studentId: id,
        allocatedAt: iso(at),
      },
    });
    push<TcknReservationEvent>(at, tcknReservationStream(org, tcknRef(org, tckn)), {
      type: 'TcknReserved',
      data: { organizationId: org, tckn, studentId: id, reservedAt: iso(at) },
    });
    push<StudentEvent>(at, studentStream(id), {
      type: 'StudentRegistered',
      data: {
        studentId: id,
        organizationId: org,
        studentNumber,
        ...fields,
        createdBy: user,
        createdAt: iso(at),
      },
    });
    if (chance(0.05)) {
      const when = at + int(10, 300) * DAY;
      if (when < now) {
        push<StudentEvent>(when, studentStream(id), {
          type: 'StudentEdited',
          data: {
            studentId: id,
            organizationId: org,
            studentNumber,
            ...fields,
            phone: phone(),
            editedBy: user,
            editedAt: iso(when),
          },
        });
      }
    }
    return { id, at, deletable: chance(0.03) };
  });

  // Enrolments: 0-3 a student, one course at a time per course, each in one weekly slot of its course.
  interface Enrolment {
    id: string;
    studentId: string;
    course: (typeof courses)[number];
    slot: number;
    start: number;
    end: number | null;
    charge: number; // kuruş per lesson or per period, after the discount
    periodic: 'month' | 'week' | null;
  }
  const enrolments: Enrolment[] = [];
  for (const s of students) {
    const n = chance(0.08) ? 0 : chance(0.55) ? 1 : chance(0.78) ? 2 : 3;
    let from = s.at + int(0, 20) * DAY;
    const busyUntil = new Map<string, number>();
    for (let k = 0; k < n; k++) {
      const course = pick(courses);
      const begin = Math.max(from, busyUntil.get(course.id) ?? 0);
      if (begin >= now - DAY) break;
      const months = chance(0.6) ? int(2, 12) : int(12, 36);
      const plannedEnd = begin + months * 30 * DAY;
      const id = uuid();
      const periodic = chance(0.25) ? (chance(0.8) ? ('month' as const) : ('week' as const)) : null;
      const price =
        periodic === 'month'
          ? money(1500, 4500, 50)
          : periodic === 'week'
            ? money(400, 1100, 50)
            : money(250, 900, 10);
      const discount = chance(0.1) ? Math.round((price * int(5, 15)) / 100 / 1000) * 1000 : 0;
      const stillOpen = plannedEnd >= now;
      const futureEnd = stillOpen && chance(0.2) ? plannedEnd : null;
      const data = {
        enrollmentId: id,
        studentId: s.id,
        organizationId: org,
        courseId: course.id,
        enrollmentType: periodic ? ('periodic' as const) : ('per_class' as const),
        startDate: iso(begin),
        endDate: futureEnd === null ? null : iso(futureEnd),
        price,
        discount,
        isOfficial: chance(0.1),
        periodUnit: periodic,
        periodLength: periodic ? 1 : null,
        classesPerPeriod: periodic === 'month' ? 4 : periodic === 'week' ? 1 : null,
        createdBy: user,
        createdAt: iso(begin),
      };
      push<EnrollmentEvent>(begin, studentStream(s.id), { type: 'EnrollmentAdded', data });
      let charge = price - discount;
      if (chance(0.1)) {
        // A price rise during the enrolment (product.md 3 registration edit).
        const when = begin + Math.floor((Math.min(plannedEnd, now) - begin) / 2);
        const newPrice = price + money(50, 200, 50) / (periodic ? 1 : 5);
        const previous = {
          startDate: data.startDate,
          endDate: data.endDate,
          price,
          discount,
          isOfficial: data.isOfficial,
          periodUnit: data.periodUnit,
          periodLength: data.periodLength,
          classesPerPeriod: data.classesPerPeriod,
        };
        push<EnrollmentEvent>(when, studentStream(s.id), {
          type: 'EnrollmentEdited',
          data: { ...data, ...previous, price: newPrice, previous, editedBy: user, editedAt: iso(when) },
        });
        charge = newPrice - discount;
      }
      if (!stillOpen) {
        push<EnrollmentEvent>(plannedEnd, studentStream(s.id), {
          type: 'EnrollmentEnded',
          data: {
            enrollmentId: id,
            studentId: s.id,
            organizationId: org,
            courseId: course.id,
            endDate: iso(plannedEnd),
            previousEndDate: null,
            endedBy: user,
            endedAt: iso(plannedEnd),
          },
        });
      }
      const end = stillOpen ? futureEnd : plannedEnd;
      enrolments.push({
        id,
        studentId: s.id,
        course,
        slot: int(0, course.slots.length - 1),
        start: begin,
        end,
        charge,
        periodic,
      });
      busyUntil.set(course.id, end ?? Number.POSITIVE_INFINITY);
      // The next enrolment starts during or after this one.
      from = begin + int(1, months) * 30 * DAY;
    }
  }

  // A few students who left are deleted a month after their last enrolment ended (never one still enrolled).
  for (const s of students) {
    if (!s.deletable) continue;
    const own = enrolments.filter((e) => e.studentId === s.id);
    if (own.some((e) => e.end === null || e.end >= now)) continue;
    const when = Math.max(s.at, ...own.map((e) => e.end ?? 0)) + 30 * DAY;
    if (when >= now) continue;
    push<StudentEvent>(when, studentStream(s.id), {
      type: 'StudentSoftDeleted',
      data: { studentId: s.id, organizationId: org, deletedBy: user, deletedAt: iso(when) },
    });
  }

  // Weekly lessons of every course slot, attended by the slot's students enrolled at that time.
  const lessons: Array<{ at: number; course: string; attendants: string[] }> = [];
  let attendees = 0;
  const firstMonday = (() => {
    const l = toLocal(start);
    const weekday = (new Date(Date.UTC(l.year, l.month - 1, l.day)).getUTCDay() + 6) % 7;
    return { year: l.year, month: l.month, day: l.day - weekday };
  })();
  for (const course of courses) {
    course.slots.forEach((slot, slotIndex) => {
      const members = enrolments.filter((e) => e.course.id === course.id && e.slot === slotIndex);
      for (let week = 0; ; week++) {
        const day = new Date(
          Date.UTC(firstMonday.year, firstMonday.month - 1, firstMonday.day + week * 7 + slot.weekday),
        );
        const at = fromLocal({
          year: day.getUTCFullYear(),
          month: day.getUTCMonth() + 1,
          day: day.getUTCDate(),
          hour: slot.hour,
          minute: slot.minute,
        });
        if (at >= now) break;
        if (at < start || chance(0.04)) continue; // before the history, or a cancelled lesson
        const attendants = members
          .filter((e) => e.start <= at && (e.end === null || at <= e.end) && chance(0.88))
          .map((e) => e.studentId);
        if (attendants.length === 0) continue;
        lessons.push({ at, course: course.id, attendants: [...new Set(attendants)] });
        attendees += attendants.length;
      }
    });
  }
  lessons.sort((a, b) => a.at - b.at);
  const codeSeq = new Map<string, number>();
  for (const l of lessons) {
    const id = uuid();
    const when = iso(l.at);
    const period = attendanceCodePeriod(when);
    const seq = (codeSeq.get(period) ?? 0) + 1;
    codeSeq.set(period, seq);
    const code = attendanceCode(period, seq);
    const local = toLocal(l.at);
    push<AttendanceNumberEvent>(l.at, attendanceNumberStream(org, when), {
      type: 'AttendanceNumberAllocated',
      data: { organizationId: org, period, sequence: seq, code, attendanceId: id, allocatedAt: when },
    });
    push<AttendanceEvent>(l.at, attendanceStream(id), {
      type: 'AttendanceAdded',
      data: {
        attendanceId: id,
        organizationId: org,
        attendanceNumber: seq,
        code,
        courseId: l.course,
        instructorId: null,
        day: local.day,
        month: local.month,
        year: local.year,
        hour: local.hour,
        minute: local.minute,
        timestamp: when,
        attendants: l.attendants,
        createdBy: user,
        createdAt: when,
      },
    });
  }

  // Payments: about monthly per enrolment (a period's or a few lessons' worth), then trimmed or topped up
  // to the wanted number.
  const candidates: Array<{ at: number; e: Enrolment }> = [];
  for (const e of enrolments) {
    const until = Math.min(e.end ?? now, now);
    for (let at = e.start + int(0, 10) * DAY; at < until; at += int(26, 34) * DAY) candidates.push({ at, e });
  }
  const wanted = o.payments ?? 40_000;
  while (candidates.length < wanted && enrolments.length > 0) {
    const e = pick(enrolments);
    const until = Math.min(e.end ?? now, now);
    candidates.push({ at: e.start + Math.floor(rand() * Math.max(DAY, until - e.start)), e });
  }
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
  }
  const chosen = candidates.slice(0, wanted);
  const methods: PaymentMethod[] = [
    'cash',
    'cash',
    'cash',
    'bank_transfer',
    'bank_transfer',
    'credit_card',
    'credit_card',
    'other',
  ];
  for (const { at, e } of chosen) {
    const id = uuid();
    const correction = chance(0.01);
    const amount = correction
      ? -money(50, 500, 50)
      : e.periodic === 'month'
        ? e.charge
        : e.periodic === 'week'
          ? e.charge * 4
          : e.charge * pick([2, 3, 4, 4, 4, 5, 8]);
    const method: PaymentMethod = correction ? 'correction' : pick(methods);
    const when = iso(at);
    push<PaymentEvent>(at, paymentStream(id), {
      type: 'PaymentAdded',
      data: {
        paymentId: id,
        organizationId: org,
        studentId: e.studentId,
        courseId: e.course.id,
        amount,
        method,
        ...(method === 'bank_transfer' ? { referenceCode: `EFT-${int(100000, 999999)}` } : {}),
        ...(chance(0.15) ? { notes: `${e.course.name} ödemesi` } : {}),
        isCorrection: correction,
        date: when,
        timestamp: when,
        createdBy: user,
        createdAt: when,
      },
    });
    const later = at + int(1, 20) * DAY;
    if (later >= now) continue;
    const who = { paymentId: id, organizationId: org, studentId: e.studentId, courseId: e.course.id };
    if (!correction && chance(0.01)) {
      push<PaymentEvent>(later, paymentStream(id), {
        type: 'PaymentEdited',
        data: {
          ...who,
          amount: amount + 5000,
          method,
          isCorrection: false,
          oldAmount: amount,
          editedBy: user,
          editedAt: iso(later),
        },
      });
    } else if (chance(0.02)) {
      push<PaymentEvent>(later, paymentStream(id), {
        type: 'PaymentSoftDeleted',
        data: { ...who, amount, deletedBy: user, deletedAt: iso(later) },
      });
    }
  }

  // History in time order; one stream's events keep their order (a stable sort).
  events.sort((a, b) => a.at - b.at);
  return {
    events,
    counts: {
      students: students.length,
      enrollments: enrolments.length,
      attendances: lessons.length,
      attendees,
      payments: chosen.length,
      courses: courses.length,
    },
  };
}
