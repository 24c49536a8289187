import { hasRole, ROLES } from '@okul/domain';

/** product.md 2: the side menu's five categories, in this order. */
export const MENU_CATEGORIES = [
  'Ana Sayfa ve İletişim',
  'Öğrenci ve Yoklama',
  'Eğitim Planı',
  'Yönetim',
  'Ayarlar ve Yardım',
] as const;

export type MenuCategory = (typeof MENU_CATEGORIES)[number];

export interface PanelPage {
  /** The full path, as in the route table of product.md 2. */
  path: `/giris/${string}`;
  label: string;
  category: MenuCategory;
  /** product.md 2 route table: the minimum role (a user holds it when their id is <= this). */
  minRole: number;
  /** false for pages reached from another page (detail and edit pages); they are still guarded. */
  inMenu?: boolean;
  /** For a page out of the menu: the menu page it belongs to, lit in the side menu while it is open. */
  menuParent?: `/giris/${string}`;
}

/**
 * The one table of panel pages: the side menu and the route guards both read it. To add a page, add its
 * entry here (menu order inside a category is the order here) and a route in src/routes/panel/ whose
 * beforeLoad calls requirePage(context, PANEL_PAGES.<key>), and its icon in -components/menu-icons.ts (kept apart:
 * the public pages load this table, only the panel loads the icons). Only pages that exist belong here.
 */
export const PANEL_PAGES = {
  home: {
    path: '/giris/anasayfa',
    label: 'Ana Sayfa',
    category: 'Ana Sayfa ve İletişim',
    minRole: ROLES.schoolInstructor,
  },
  inbox: {
    path: '/giris/gelen-kutusu',
    label: 'Gelen Kutusu',
    category: 'Ana Sayfa ve İletişim',
    minRole: ROLES.schoolStudent,
  },
  courses: {
    path: '/giris/kurslar',
    label: 'Kurslar',
    category: 'Eğitim Planı',
    minRole: ROLES.schoolAdmin,
  },
  logs: {
    path: '/giris/islem-dokumu',
    label: 'İşlem Dökümü',
    category: 'Yönetim',
    minRole: ROLES.schoolAdmin,
  },
  users: {
    path: '/giris/kullanicilar',
    label: 'Kullanıcılar',
    category: 'Yönetim',
    minRole: ROLES.schoolAdmin,
  },
  settings: {
    path: '/giris/ayarlar',
    label: 'Ayarlar',
    category: 'Ayarlar ve Yardım',
    minRole: ROLES.schoolStudent,
  },
  students: {
    path: '/giris/ogrenciler',
    label: 'Öğrenciler',
    category: 'Öğrenci ve Yoklama',
    minRole: ROLES.schoolAdmin,
  },
  studentRegister: {
    path: '/giris/ogrenci-kayit',
    label: 'Yeni Öğrenci Kayıt',
    category: 'Öğrenci ve Yoklama',
    minRole: ROLES.schoolAdmin,
  },
  studentImport: {
    path: '/giris/ogrenciler/ice-aktar',
    label: 'Öğrenci Listesi İçe Aktar',
    category: 'Öğrenci ve Yoklama',
    minRole: ROLES.schoolAdmin,
    inMenu: false,
    menuParent: '/giris/ogrenciler',
  },
  studentEdit: {
    path: '/giris/ogrenci-duzenle',
    label: 'Öğrenci Kayıt Düzenleme',
    category: 'Öğrenci ve Yoklama',
    minRole: ROLES.schoolAdmin,
    inMenu: false,
    menuParent: '/giris/ogrenciler',
  },
  studentDetail: {
    path: '/giris/ogrenci-detay',
    label: 'Öğrenci Detay',
    category: 'Öğrenci ve Yoklama',
    minRole: ROLES.schoolInstructor,
    inMenu: false,
    menuParent: '/giris/ogrenciler',
  },
  attendances: {
    path: '/giris/yoklamalar',
    label: 'Yoklamalar',
    category: 'Öğrenci ve Yoklama',
    minRole: ROLES.schoolInstructor,
  },
  attendanceAdd: {
    path: '/giris/yoklama-ekle',
    label: 'Yoklama Ekle',
    category: 'Öğrenci ve Yoklama',
    minRole: ROLES.schoolInstructor,
    inMenu: false,
    menuParent: '/giris/yoklamalar',
  },
  attendanceEdit: {
    path: '/giris/yoklama-duzenle',
    label: 'Yoklama Düzenle',
    category: 'Öğrenci ve Yoklama',
    minRole: ROLES.schoolInstructor,
    inMenu: false,
    menuParent: '/giris/yoklamalar',
  },
  attendanceDetail: {
    path: '/giris/yoklama-detay',
    label: 'Yoklama Detayı',
    category: 'Öğrenci ve Yoklama',
    minRole: ROLES.schoolInstructor,
    inMenu: false,
    menuParent: '/giris/yoklamalar',
  },
  accounting: {
    path: '/giris/muhasebe',
    label: 'Muhasebe',
    category: 'Yönetim',
    minRole: ROLES.schoolAdmin,
  },
  statistics: {
    path: '/giris/istatistikler',
    label: 'İstatistikler',
    category: 'Yönetim',
    minRole: ROLES.schoolAdmin,
  },
  groups: {
    path: '/giris/gruplar',
    label: 'Gruplar',
    category: 'Eğitim Planı',
    minRole: ROLES.schoolAdmin,
  },
  sms: {
    path: '/giris/sms',
    label: 'SMS',
    category: 'Ana Sayfa ve İletişim',
    minRole: ROLES.schoolAdmin,
  },
  schedules: {
    path: '/giris/programlar',
    label: 'Programlar',
    category: 'Eğitim Planı',
    minRole: ROLES.schoolAdmin,
  },
  instructors: {
    path: '/giris/egitmenler',
    label: 'Eğitmenler',
    category: 'Eğitim Planı',
    minRole: ROLES.schoolAdmin,
  },
  employees: {
    path: '/giris/calisanlar',
    label: 'Çalışanlar',
    category: 'Yönetim',
    minRole: ROLES.schoolAdmin,
  },
  help: {
    path: '/giris/yardim',
    label: 'Yardım',
    category: 'Ayarlar ve Yardım',
    minRole: ROLES.schoolAdmin,
  },
} as const satisfies Record<string, PanelPage>;

export type PanelPageKey = keyof typeof PANEL_PAGES;

export function canAccess(role: number, page: Pick<PanelPage, 'minRole'>): boolean {
  return hasRole(role, page.minRole);
}

export interface MenuGroup {
  category: MenuCategory;
  pages: PanelPage[];
}

/** product.md 2: side menu items filtered by role, grouped by category; empty categories are left out. */
export function menuFor(role: number, pages: Record<string, PanelPage> = PANEL_PAGES): MenuGroup[] {
  const visible = Object.values(pages).filter((p) => p.inMenu !== false && canAccess(role, p));
  return MENU_CATEGORIES.map((category) => ({
    category,
    pages: visible.filter((p) => p.category === category),
  })).filter((g) => g.pages.length > 0);
}

/** Where the panel opens for this role: the first menu page it may see (Ana Sayfa for instructors and up). */
export function homePathFor(
  role: number,
  pages: Record<string, PanelPage> = PANEL_PAGES,
): PanelPage['path'] | null {
  return menuFor(role, pages)[0]?.pages[0]?.path ?? null;
}

/** The menu page a location belongs to (exact path or a sub-path), for highlighting the menu item. */
export function activePagePath(
  pathname: string,
  pages: Record<string, PanelPage> = PANEL_PAGES,
): string | null {
  const clean = pathname.replace(/\/+$/, '');
  const match = Object.values(pages)
    .filter((p) => clean === p.path || clean.startsWith(`${p.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return match ? (match.menuParent ?? match.path) : null;
}
