import { generateTckn, type RandomSource } from '../shared/validation';
import type { StudentFormValues } from './schemas';

const NAMES = ['Ayşe', 'Mehmet', 'Zeynep', 'Emre', 'Elif', 'Can', 'Işıl', 'Oğuz', 'Şule', 'Çağrı'];
const SURNAMES = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Öztürk', 'Aydın', 'Arslan', 'Doğan', 'Güneş'];
const PLACES = ['İstanbul', 'Ankara', 'İzmir', 'Bursa', 'Eskişehir', 'Muğla'];
const JOBS = ['Öğretmen', 'Mühendis', 'Doktor', 'Esnaf', 'Avukat'];

/**
 * product.md 2 "Otomatik Doldur": random but valid test data for the new-student form (a test aid that the
 * client shows only outside production). `today` is the registration date to use.
 */
export function sampleStudentForm(
  random: RandomSource,
  today: { year: number; month: number; day: number },
): StudentFormValues {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const surname = pick(SURNAMES);
  return {
    name: pick(NAMES),
    surname,
    dobD: 1 + Math.floor(random() * 28),
    dobM: 1 + Math.floor(random() * 12),
    dobY: today.year - 6 - Math.floor(random() * 40),
    regD: today.day,
    regM: today.month,
    regY: today.year,
    TCKN: generateTckn(random),
    email: `ogrenci${digits(4)}@example.com`,
    phone: `5${digits(9)}`,
    studentPhoneOptInStatus: null,
    address: `${pick(PLACES)}, Örnek Mah. ${1 + Math.floor(random() * 99)}. Sok. No: ${1 + Math.floor(random() * 40)}`,
    pob: pick(PLACES),
    facebook: null,
    instagram: null,
    parent1Name: `${pick(NAMES)} ${surname}`,
    parent1Phone: `5${digits(9)}`,
    parent1Job: pick(JOBS),
    parent2Name: null,
    parent2Phone: null,
    parent2Job: null,
    parent1PhoneOptInStatus: null,
    parent2PhoneOptInStatus: null,
    notes: null,
  };
}
