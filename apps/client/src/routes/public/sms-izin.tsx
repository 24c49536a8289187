import { createRoute } from '@tanstack/react-router';
import { ConsentPage } from '../../features/sms/ConsentPage';
import { publicLayoutRoute } from './layout';

/** /sms-izin/<organisation id>: the page the printed QR code opens (product.md 5 Consent by QR code). */
export const smsConsentRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'sms-izin/$organizationId',
  component: function SmsConsentRoute() {
    const { organizationId } = smsConsentRoute.useParams();
    return <ConsentPage organizationId={organizationId} />;
  },
});
