import { ROLES } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import {
  MENU_CATEGORIES,
  PANEL_PAGES,
  activePagePath,
  canAccess,
  homePathFor,
  menuFor,
  type PanelPage,
} from './menu';

const page = (
  path: `/giris/${string}`,
  category: PanelPage['category'],
  minRole: number,
  inMenu?: boolean,
): PanelPage => ({
  path,
  label: path,
  category,
  minRole,
  inMenu,
});

// A table shaped like the full route table of product.md 2.
const FULL: Record<string, PanelPage> = {
  settings: page('/giris/ayarlar', 'Ayarlar ve Yardım', ROLES.schoolStudent),
  home: page('/giris/anasayfa', 'Ana Sayfa ve İletişim', ROLES.schoolInstructor),
  inbox: page('/giris/gelen-kutusu', 'Ana Sayfa ve İletişim', ROLES.schoolStudent),
  students: page('/giris/ogrenciler', 'Öğrenci ve Yoklama', ROLES.schoolAdmin),
  studentDetail: page('/giris/ogrenci-detay', 'Öğrenci ve Yoklama', ROLES.schoolInstructor, false),
  attendances: page('/giris/yoklamalar', 'Öğrenci ve Yoklama', ROLES.schoolInstructor),
  courses: page('/giris/kurslar', 'Eğitim Planı', ROLES.schoolAdmin),
  logs: page('/giris/islem-dokumu', 'Yönetim', ROLES.schoolAdmin),
};

const paths = (groups: ReturnType<typeof menuFor>) =>
  groups.map((g) => [g.category, g.pages.map((p) => p.path)]);

describe('panel menu (product.md 2 and 6)', () => {
  it('groups by the five categories in order and keeps only what the role may open', () => {
    expect(paths(menuFor(ROLES.schoolInstructor, FULL))).toEqual([
      ['Ana Sayfa ve İletişim', ['/giris/anasayfa', '/giris/gelen-kutusu']],
      ['Öğrenci ve Yoklama', ['/giris/yoklamalar']],
      ['Ayarlar ve Yardım', ['/giris/ayarlar']],
    ]);
    expect(paths(menuFor(ROLES.schoolStudent, FULL))).toEqual([
      ['Ana Sayfa ve İletişim', ['/giris/gelen-kutusu']],
      ['Ayarlar ve Yardım', ['/giris/ayarlar']],
    ]);
  });

  it('shows everything to school-admins and above, and never lists detail pages', () => {
    for (const role of [ROLES.admin, ROLES.developer, ROLES.schoolOwner, ROLES.schoolAdmin]) {
      const all = menuFor(role, FULL).flatMap((g) => g.pages.map((p) => p.path));
      expect(all).toHaveLength(7);
      expect(all).not.toContain('/giris/ogrenci-detay');
    }
  });

  it('shows nothing to a role below every page (user, not-registered, unknown)', () => {
    expect(menuFor(ROLES.user, FULL)).toEqual([]);
    expect(menuFor(ROLES.notRegistered, FULL)).toEqual([]);
    expect(homePathFor(ROLES.notRegistered, FULL)).toBeNull();
  });

  it('opens the panel on Ana Sayfa for instructors and up, on the first allowed page otherwise', () => {
    expect(homePathFor(ROLES.schoolOwner, FULL)).toBe('/giris/anasayfa');
    expect(homePathFor(ROLES.schoolInstructor, FULL)).toBe('/giris/anasayfa');
    expect(homePathFor(ROLES.schoolStudent, FULL)).toBe('/giris/gelen-kutusu');
  });

  it('holds the pages that exist with the minimum roles of the route table', () => {
    expect(PANEL_PAGES.home).toMatchObject({ path: '/giris/anasayfa', minRole: ROLES.schoolInstructor });
    expect(PANEL_PAGES.courses).toMatchObject({
      path: '/giris/kurslar',
      minRole: ROLES.schoolAdmin,
      category: 'Eğitim Planı',
    });
    expect(PANEL_PAGES.logs).toMatchObject({
      path: '/giris/islem-dokumu',
      minRole: ROLES.schoolAdmin,
      category: 'Yönetim',
    });
    expect(canAccess(ROLES.schoolStaff, PANEL_PAGES.courses)).toBe(false);
    expect(canAccess(ROLES.schoolAdmin, PANEL_PAGES.courses)).toBe(true);
    for (const p of Object.values(PANEL_PAGES)) expect(MENU_CATEGORIES).toContain(p.category);
  });

  it('holds the account pages (inbox, users, settings) with their roles and categories', () => {
    expect(PANEL_PAGES.inbox).toMatchObject({
      path: '/giris/gelen-kutusu',
      minRole: ROLES.schoolStudent,
      category: 'Ana Sayfa ve İletişim',
    });
    expect(PANEL_PAGES.users).toMatchObject({
      path: '/giris/kullanicilar',
      minRole: ROLES.schoolAdmin,
      category: 'Yönetim',
    });
    expect(PANEL_PAGES.settings).toMatchObject({
      path: '/giris/ayarlar',
      minRole: ROLES.schoolStudent,
      category: 'Ayarlar ve Yardım',
    });
    // a student's panel opens on the inbox; an instructor's menu has no Kullanıcılar
    expect(homePathFor(ROLES.schoolStudent)).toBe('/giris/gelen-kutusu');
    const instructor = menuFor(ROLES.schoolInstructor).flatMap((g) => g.pages.map((p) => p.path));
    expect(instructor).toEqual(expect.arrayContaining(['/giris/gelen-kutusu', '/giris/ayarlar']));
    expect(instructor).not.toContain('/giris/kullanicilar');
  });

  it('marks the menu item of a page and of its sub-pages', () => {
    expect(activePagePath('/giris/kurslar/', FULL)).toBe('/giris/kurslar');
    expect(activePagePath('/giris/ogrenci-detay/25001', FULL)).toBe('/giris/ogrenci-detay');
    expect(activePagePath('/giris/kurslarim', FULL)).toBeNull();
  });

  it('lights the list a detail or edit page belongs to', () => {
    expect(activePagePath('/giris/ogrenci-detay/25001')).toBe('/giris/ogrenciler');
    expect(activePagePath('/giris/ogrenci-duzenle/25001')).toBe('/giris/ogrenciler');
    expect(activePagePath('/giris/yoklama-ekle')).toBe('/giris/yoklamalar');
    expect(activePagePath('/giris/yoklama-detay/abc')).toBe('/giris/yoklamalar');
  });
});
