import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorView } from './components/ErrorView';
import { FullPageSpinner } from './components/FullPageSpinner';
import { homeRoute } from './routes/panel/anasayfa';
import { settingsRoute } from './routes/panel/ayarlar';
import { inboxRoute } from './routes/panel/gelen-kutusu';
import { invitationRoute } from './routes/panel/invite';
import { usersRoute } from './routes/panel/kullanicilar';
import { resetPasswordRoute } from './routes/panel/reset';
import { emailVerificationRoute } from './routes/panel/email-dogrulama';
import { girisRoute } from './routes/panel/giris';
import { logsRoute } from './routes/panel/islem-dokumu';
import { coursesRoute } from './routes/panel/kurslar';
import { courseDetailRoute } from './routes/panel/kurs-detay';
import { groupsRoute } from './routes/panel/gruplar';
import { smsRoute } from './routes/panel/sms';
import { schedulesRoute } from './routes/panel/programlar';
import { studentDetailRoute } from './routes/panel/ogrenci-detay';
import { studentEditRoute } from './routes/panel/ogrenci-duzenle';
import { studentRegisterRoute } from './routes/panel/ogrenci-kayit';
import { studentsRoute } from './routes/panel/ogrenciler';
import { studentImportRoute } from './routes/panel/ogrenci-ice-aktar';
import { attendanceDetailRoute } from './routes/panel/yoklama-detay';
import { attendanceEditRoute } from './routes/panel/yoklama-duzenle';
import { attendanceAddRoute } from './routes/panel/yoklama-ekle';
import { attendancesRoute } from './routes/panel/yoklamalar';
import { accountingRoute } from './routes/panel/muhasebe';
import { instructorsRoute } from './routes/panel/egitmenler';
import { employeesRoute } from './routes/panel/calisanlar';
import { statisticsRoute } from './routes/panel/istatistikler';
import { helpRoute } from './routes/panel/yardim';
import { panelLayoutRoute } from './routes/panel/layout';
import { loginRoute } from './routes/panel/login';
import { renewalRoute } from './routes/panel/odeme';
import { paymentLockoutRoute } from './routes/panel/odeme-tamamla';
import { landingRoute } from './routes/public/landing';
import { registrationRoute } from './routes/public/kayit';
import { mock3dsRoute } from './routes/public/mock3ds';
import { paymentRoute } from './routes/public/odeme';
import { paymentSuccessRoute } from './routes/public/odeme-basarili';
import { smsConsentRoute } from './routes/public/sms-izin';
import { verifyRoute } from './routes/panel/verify';
import { publicLayoutRoute } from './routes/public/layout';
import { rootRoute } from './routes/root';

/**
 * The route tree, assembled in one place (code-based routes). A new public page goes under
 * publicLayoutRoute; a new panel page goes under panelLayoutRoute (and gets its PANEL_PAGES entry);
 * stand-alone panel screens without the side menu (reset, verify, invite) go under girisRoute.
 */
export const routeTree = rootRoute.addChildren([
  publicLayoutRoute.addChildren([
    landingRoute,
    registrationRoute,
    paymentRoute,
    mock3dsRoute,
    paymentSuccessRoute,
    smsConsentRoute,
  ]),
  girisRoute.addChildren([
    loginRoute,
    emailVerificationRoute,
    verifyRoute,
    paymentLockoutRoute,
    renewalRoute,
    resetPasswordRoute,
    invitationRoute,
    panelLayoutRoute.addChildren([
      homeRoute,
      inboxRoute,
      usersRoute,
      settingsRoute,
      coursesRoute,
      courseDetailRoute,
      logsRoute,
      studentsRoute,
      studentImportRoute,
      studentRegisterRoute,
      studentEditRoute,
      studentDetailRoute,
      attendancesRoute,
      attendanceAddRoute,
      attendanceEditRoute,
      attendanceDetailRoute,
      accountingRoute,
      statisticsRoute,
      groupsRoute,
      smsRoute,
      schedulesRoute,
      instructorsRoute,
      employeesRoute,
      helpRoute,
    ]),
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // route loaders read through the query cache, which decides freshness
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    defaultPendingComponent: () => <FullPageSpinner />,
    defaultPendingMs: 300,
    defaultErrorComponent: ErrorView,
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
