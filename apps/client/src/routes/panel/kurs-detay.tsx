import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const CourseDetailPage = lazyRouteComponent(
  () => import('../../features/courses/CourseDetailPage'),
  'CourseDetailPage',
);

/** /giris/kurslar/{courseId}: a course of Kurslar, for the same role (the side menu lights Kurslar). */
export const courseDetailRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'kurslar/$courseId',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.courses),
  loader: async ({ context }) => {
    const { coursesQueryOptions } = await import('../../features/courses/queries');
    return context.queryClient.ensureQueryData(coursesQueryOptions(context.session.organization.id));
  },
  component: function CourseDetailRoute() {
    const { courseId } = courseDetailRoute.useParams();
    return <CourseDetailPage courseId={courseId} />;
  },
});
