import type { SmsStudentPhones } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { droppedProblem, sendRefusalProblem } from './send-problems';

const ali: SmsStudentPhones = {
  id: 's-ali',
  name: 'Ali',
  surname: 'Veli',
  studentNumber: 25001,
  phone: '532 111 00 01',
  parent1Phone: '5331110001',
  parent2Phone: null,
  studentPhoneOptInStatus: 'ONAY',
  parent1PhoneOptInStatus: 'RET',
  parent2PhoneOptInStatus: null,
};
const ece: SmsStudentPhones = { ...ali, id: 's-ece', name: 'Ece', parent1Phone: '5331110002' };
const students = [ali, ece];

const refused = (code: string, details?: Record<string, unknown>) =>
  new ApiError('Türkçe metin, ayrıştırılmaz: 905331110001', 403, { code, details });

describe('who a refused send names (from the details of the error contract)', () => {
  it('names the students and phones of refused destinations, with their selection keys', () => {
    const problem = sendRefusalProblem(
      refused('sms.noConsent', { destinations: ['905331110001', '905331110002'] }),
      students,
    );
    expect(problem).toEqual({
      title: 'SMS izni olmayan numaralar',
      rows: [
        { key: 's-ali:parent1Phone', label: 'Ali Veli (1. Veli: 5331110001)' },
        { key: 's-ece:parent1Phone', label: 'Ece Veli (1. Veli: 5331110002)' },
      ],
    });
  });

  it('matches any spelling of the number and keeps an unknown one as it came', () => {
    const problem = sendRefusalProblem(
      refused('sms.sentToday', { destinations: ['905321110001', '905559998877'] }),
      students,
    );
    expect(problem?.rows).toEqual([
      { key: 's-ali:studentPhone', label: 'Ali Veli (Öğrenci: 532 111 00 01)' },
      { key: null, label: '905559998877' },
    ]);
  });

  it('names the items left out when nothing was left to send', () => {
    const problem = sendRefusalProblem(
      refused('sms.nothingToSend', { dropped: [{ DBID: 's-ece', destination: '' }] }),
      students,
    );
    expect(problem).toEqual({
      title: 'Numarası ya da mesajı olmadığı için atlanan alıcılar',
      rows: [{ key: null, label: 'Ece Veli (numara yok)' }],
    });
    expect(droppedProblem([], students)).toBeNull();
  });

  it('names nobody for other errors or refusals without details', () => {
    expect(sendRefusalProblem(refused('sms.notEnoughCredits', { needed: 3 }), students)).toBeNull();
    expect(sendRefusalProblem(refused('sms.noConsent'), students)).toBeNull();
    expect(sendRefusalProblem(new Error('Bağlantı hatası'), students)).toBeNull();
  });
});
