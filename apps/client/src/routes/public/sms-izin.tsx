import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { publicLayoutRoute } from './layout';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const ConsentPage = lazyRouteComponent(() => import('../../features/sms/ConsentPage'), 'ConsentPage');

/** /sms-izin/<organisation id>: the page the printed QR code opens (product.md 5 Consent by QR code). */
export const smsConsentRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'sms-izin/$organizationId',
  component: function SmsConsentRoute() {
    const { organizationId } = smsConsentRoute.useParams();
    return <ConsentPage organizationId={organizationId} />;
  },
});
