import { describe, expect, it } from 'vitest';
import { PANEL_PAGES } from '../../routes/panel/menu';
import { HELP_TOPICS, normalizeForSearch, searchHelp } from './help-topics';

describe('the help catalogue', () => {
  it('has at least one topic for every panel screen', () => {
    const covered = new Set(HELP_TOPICS.map((t) => t.page));
    const missing = Object.keys(PANEL_PAGES).filter((k) => !covered.has(k as keyof typeof PANEL_PAGES));
    expect(missing).toEqual([]);
  });

  it('has unique ids', () => {
    expect(new Set(HELP_TOPICS.map((t) => t.id)).size).toBe(HELP_TOPICS.length);
  });
});

describe('searchHelp', () => {
  it('matches Turkish words with or without their letters, in any case', () => {
    expect(normalizeForSearch('ÖĞRENCİ Işık')).toBe('ogrenci isik');
    const a = searchHelp('ogrenci kaydederim').map((t) => t.id);
    const b = searchHelp('ÖĞRENCİ kaydederim').map((t) => t.id);
    expect(a).toContain('student-register');
    expect(a).toEqual(b);
  });

  it('needs every word, searches keywords and the screen name, and lists all for an empty query', () => {
    expect(searchHelp('sms kredi').map((t) => t.id)).toEqual(['sms-credits']);
    expect(searchHelp('parola').map((t) => t.id)).toContain('settings-password');
    expect(searchHelp('Muhasebe').every((t) => t.page === 'accounting' || /muhasebe/i.test(t.body))).toBe(
      true,
    );
    expect(searchHelp('   ')).toHaveLength(HELP_TOPICS.length);
    expect(searchHelp('zzzz-yok')).toEqual([]);
  });
});
