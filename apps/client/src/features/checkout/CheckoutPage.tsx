import LockIcon from '@mui/icons-material/Lock';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { message } from '@okul/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { enqueueSnackbar } from 'notistack';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { profileQueryOptions } from '../auth/queries';
import { useAuthActions } from '../auth/useAuthActions';
import { useSession } from '../auth/useSession';
import { verificationNotice } from '../organization-verification/organization-verification';
import { usePublicInfo } from '../public-info/queries';
import { PlanCard } from './PlanCard';
import { payableOrganization, paymentReturnNotice, type PaymentSearch } from './payment-result';
import { cartLine, planByItem, planCards } from './plans';
import { posnetHiddenForm, submitHiddenForm } from './posnet-form';
import { initiateMock, initiatePosnet, paymentStatusQueryOptions } from './queries';
import { gradientButtonSx } from './styles';

/** The documents the payment note links to; the public layout opens them in its modal. */
export type CheckoutDocument = 'distanceSales' | 'deliveryRefund';

/** How long the blob of the test checkout page is kept for the new tab to load it. */
const BLOB_LIFETIME_MS = 60_000;

/**
 * /odeme (product.md 2): the user's name and e-mail, the plan picker, the cart line, ÖDEMEYE GEÇ (the
 * POSNET 3-D checkout) and, with the test aids on, MOCK PAYMENT (TEST); both need a chosen plan. A bank
 * return that did not succeed (?odeme=basarisiz|beklemede|hata&paymentId=) is explained at the top.
 */
export function CheckoutPage({
  search,
  onShowDocument,
  renewal = false,
}: {
  search: PaymentSearch;
  onShowDocument: (doc: CheckoutDocument) => void;
  /**
   * /giris/odeme: an active user renews the selected organisation's lapsed membership (product.md 2: the
   * inactive-membership screen links to the relative path odeme); /giris sends them on once it is paid.
   */
  renewal?: boolean;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const { reloadSession } = useAuthActions();
  const testAids = usePublicInfo().data?.testAids === true;
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState<'posnet' | 'mock' | null>(null);
  // a payment finished in another tab (the test checkout) shows here when the user comes back
  useQuery({ ...profileQueryOptions(), refetchOnWindowFocus: true });
  const status = useQuery({
    ...paymentStatusQueryOptions(search.paymentId ?? ''),
    enabled: !!search.paymentId,
  });
  const notice = paymentReturnNotice(search, status.data);

  const active = renewal
    ? session?.organization?.isMembershipActive === true
    : session?.user.registrationStatus === 'active';
  const paidSince = status.data?.status === 'succeeded';
  const reloaded = useRef(false);
  useEffect(() => {
    // product.md 2: active users never stay on /odeme; a renewed membership leaves /giris/odeme
    if (active) void navigate({ to: '/giris', replace: true });
  }, [active, navigate]);
  useEffect(() => {
    if (paidSince && !reloaded.current) {
      reloaded.current = true;
      void reloadSession();
    }
  }, [paidSince, reloadSession]);

  if (!session) return <FullPageSpinner />;
  const organization = payableOrganization(session.memberships, session.organization);
  const plan = planByItem(selected);
  // product.md 4: a personal membership is paid only once it is verified by hand
  const verification = verificationNotice(organization);
  const canPay = !!plan && !!organization && !verification && busy === null;

  async function payByCard() {
    if (!plan || !organization) return;
    setBusy('posnet');
    const r = await initiatePosnet(plan.checkoutItem, organization.id);
    const form = r.ok ? posnetHiddenForm(r.data) : null;
    if (!form) {
      setBusy(null);
      const error = r.ok ? 'Banka ödeme sayfasının bilgileri eksik.' : r.error;
      // api.md 8.7: Ödeme işlemi başarısız oldu: plus the error
      enqueueSnackbar(message('checkout.failed', { error }), { variant: 'error' });
      return;
    }
    // the page leaves for the bank's 3-D Secure page; the button stays busy until it does
    submitHiddenForm(form);
  }

  async function payByMock() {
    if (!plan) return;
    // opened during the click, so no popup blocker refuses it; it gets the page once the answer is in
    const tab = window.open('', '_blank');
    setBusy('mock');
    const r = await initiateMock(plan.checkoutItem, organization?.id);
    setBusy(null);
    const html = r.ok ? r.data : '';
    if (!html) {
      tab?.close();
      // api.md 8.7: Ödeme sayfası alınamadı. Kod: plus the status
      const text = message('checkout.mockNoHtml', { status: r.status });
      enqueueSnackbar(r.ok ? text : `${text} (${r.error})`, { variant: 'error' });
      return;
    }
    // api.md 7.4: the html opens in a new tab from a blob
    const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
    if (tab && !tab.closed) tab.location.href = url;
    else if (!window.open(url, '_blank')) window.location.assign(url);
    window.setTimeout(() => URL.revokeObjectURL(url), BLOB_LIFETIME_MS);
  }

  const name = session.user.displayName || session.user.name;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Ödeme
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Aboneliğinizi seçin; ödemeniz onaylandığı anda kurumunuzun üyeliği etkinleşir.
      </Typography>

      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 3 }}>
          <AlertTitle>{notice.title}</AlertTitle>
          {notice.text}
        </Alert>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(300px, 1fr)' },
        }}
      >
        <Box component="section" aria-labelledby="plan-picker-title">
          <Typography id="plan-picker-title" variant="h6" component="h2" sx={{ mb: 2 }}>
            Abonelik seçin
          </Typography>
          <Box
            role="radiogroup"
            aria-labelledby="plan-picker-title"
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
          >
            {planCards().map((p) => (
              <PlanCard
                key={p.checkoutItem}
                plan={p}
                selectable
                selected={selected === p.checkoutItem}
                onSelect={() => setSelected(p.checkoutItem)}
              />
            ))}
          </Box>
        </Box>

        <Card component="aside" elevation={2} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <CardContent sx={{ p: 3 }}>
            <Stack spacing={2}>
              <Box>
                <Typography variant="overline" color="text.secondary">
                  Hesap
                </Typography>
                <Detail label="Ad Soyad">{name}</Detail>
                <Detail label="E-posta">{session.user.email}</Detail>
                {organization && <Detail label="Kurum">{organization.name}</Detail>}
              </Box>
              <Divider />
              <Box>
                <Typography variant="overline" color="text.secondary">
                  Sepet
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} aria-label="Sepet">
                  <ShoppingCartIcon color={plan ? 'primary' : 'disabled'} fontSize="small" />
                  <Typography
                    sx={{ fontWeight: plan ? 600 : 400 }}
                    color={plan ? 'text.primary' : 'text.secondary'}
                  >
                    {cartLine(selected)}
                  </Typography>
                </Stack>
              </Box>
              {!organization && (
                <Alert severity="error">
                  Ödeme yapabileceğiniz bir kurum bulunamadı. Aboneliği yalnızca kurum sahibi veya yöneticisi
                  satın alabilir.
                </Alert>
              )}
              {verification ? (
                <Alert severity={verification.status === 'pending' ? 'info' : 'error'} role="status">
                  <AlertTitle>{verification.title}</AlertTitle>
                  {verification.text}
                </Alert>
              ) : (
                <>
                  <Button
                    variant="contained"
                    size="large"
                    fullWidth
                    disabled={!canPay}
                    onClick={() => void payByCard()}
                    startIcon={<LockIcon />}
                    sx={{ ...gradientButtonSx, py: 1.5 }}
                  >
                    {busy === 'posnet' ? 'BANKAYA YÖNLENDİRİLİYOR' : 'ÖDEMEYE GEÇ'}
                  </Button>
                  {testAids && (
                    <Button
                      variant="outlined"
                      color="warning"
                      fullWidth
                      disabled={!canPay}
                      onClick={() => void payByMock()}
                    >
                      MOCK PAYMENT (TEST)
                    </Button>
                  )}
                </>
              )}
              <Typography variant="caption" color="text.secondary">
                Kart bilgileriniz bankanın 3-D Secure sayfasında girilir ve tarafımızca saklanmaz. Ödemeye
                geçerek{' '}
                <DocLink onClick={() => onShowDocument('distanceSales')}>Mesafeli Satış Sözleşmesi</DocLink>
                &apos;ni ve{' '}
                <DocLink onClick={() => onShowDocument('deliveryRefund')}>Teslimat-İade Şartları</DocLink>
                &apos;nı kabul etmiş olursunuz.
              </Typography>
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </Container>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 72 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Stack>
  );
}

function DocLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Link
      component="button"
      type="button"
      variant="caption"
      onClick={onClick}
      sx={{ verticalAlign: 'baseline' }}
    >
      {children}
    </Link>
  );
}
