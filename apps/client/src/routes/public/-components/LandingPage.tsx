import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import BadgeIcon from '@mui/icons-material/Badge';
import BoltIcon from '@mui/icons-material/Bolt';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DevicesIcon from '@mui/icons-material/Devices';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import GradeIcon from '@mui/icons-material/Grade';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import GroupsIcon from '@mui/icons-material/Groups';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import LockIcon from '@mui/icons-material/Lock';
import PaymentsIcon from '@mui/icons-material/Payments';
import PersonIcon from '@mui/icons-material/Person';
import SchoolIcon from '@mui/icons-material/School';
import SmsIcon from '@mui/icons-material/Sms';
import type { SvgIconComponent } from '@mui/icons-material';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Link } from '@tanstack/react-router';
import { LogoMark } from '../../../components/Logo';
import { BRAND_NAME } from '../../../config/brand';
import { PlanCard } from '../../../features/checkout/PlanCard';
import { planCards } from '../../../features/checkout/plans';
import { gradientButtonSx } from '../../../features/checkout/styles';

const HIGHLIGHTS: { icon: SvgIconComponent; text: string }[] = [
  { icon: AllInclusiveIcon, text: 'Sınırsız öğrenci, eğitmen, çalışan, yoklama ve sınıf' },
  { icon: CheckCircleIcon, text: 'Tüm modüller tek fiyata dâhil' },
  { icon: BoltIcon, text: 'Kayıttan hemen sonra kullanmaya başlayın' },
  { icon: DevicesIcon, text: 'Kurulum yok: bilgisayar, tablet ve telefondan erişim' },
  { icon: LockIcon, text: 'Rol bazlı yetkiler ve işlem dökümü' },
];

/** product.md 1 "Managed areas": the features and modules section. */
const MODULES: { icon: SvgIconComponent; title: string; text: string }[] = [
  {
    icon: SchoolIcon,
    title: 'Öğrenciler',
    text: 'Kimlik, iletişim ve veli bilgileri, notlar, doğum günleri ve otomatik öğrenci numaraları.',
  },
  {
    icon: HowToRegIcon,
    title: 'Kurs Kayıtları',
    text: 'Ders başı veya dönemlik kayıtlar, indirimler, geçmişe dönük düzenleme ve kapatma.',
  },
  {
    icon: EventAvailableIcon,
    title: 'Yoklama',
    text: 'Ders yoklamalarını saniyeler içinde alın; kaydı olmayan öğrenciler otomatik uyarılır.',
  },
  {
    icon: PaymentsIcon,
    title: 'Ödemeler ve Bakiyeler',
    text: 'Tahsilatlar, düzeltmeler, öğrenci bakiyeleri ve ödeme takibi listesi tek ekranda.',
  },
  {
    icon: GradeIcon,
    title: 'Notlar',
    text: 'Kurs ve sınıf bazında not girişi, dönem takibi ve öğrenci karnesi.',
  },
  {
    icon: PersonIcon,
    title: 'Eğitmenler',
    text: 'Branşlar, özgeçmiş ve fotoğraflarla eğitmen kadronuzu yönetin.',
  },
  {
    icon: BadgeIcon,
    title: 'Çalışanlar ve Maaşlar',
    text: 'Personel kayıtları, dönemlik veya ders başı ücretler ve maaş dönemleri.',
  },
  {
    icon: GroupsIcon,
    title: 'Gruplar',
    text: 'Sınıfları yaş grubu ve seviyeye göre oluşturun, üyelerini kolayca düzenleyin.',
  },
  {
    icon: CalendarMonthIcon,
    title: 'Ders Programları',
    text: 'Tekrarlayan veya tek seferlik dersler, takvim görünümü ve öğrenci atamaları.',
  },
  {
    icon: SmsIcon,
    title: 'İzinli SMS',
    text: 'Yalnızca onay veren numaralara toplu veya tekil SMS, borç hatırlatmaları ve izin takibi.',
  },
  {
    icon: AccountBalanceIcon,
    title: 'Muhasebe',
    text: 'Gelir ve gider kayıtları, maaş ödemeleri ve fiş numaralarıyla düzenli kasa takibi.',
  },
  {
    icon: GroupAddIcon,
    title: 'Kullanıcılar ve Davetler',
    text: 'Ekibinizi e-postayla davet edin; yönetici, personel ve eğitmen rollerini belirleyin.',
  },
];

/** product.md 2 `/`: logo, headline, features, sign-up, modules, one price, plan cards, the 5-minute button. */
export function LandingPage() {
  const plans = planCards();
  return (
    <>
      <Box
        component="section"
        sx={(t) => ({
          background: `linear-gradient(135deg, ${alpha(t.palette.primary.main, 0.12)} 0%, ${t.palette.background.default} 50%, ${alpha(t.palette.secondary.main, 0.12)} 100%)`,
        })}
      >
        <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
          <Stack spacing={4} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <LogoMark size={72} />
            <Typography
              variant="h3"
              component="h1"
              sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '3rem' } }}
            >
              Kurumunuzu tek panelden yönetin
            </Typography>
            <Typography
              variant="h6"
              component="p"
              color="text.secondary"
              sx={{ fontWeight: 400, maxWidth: 680 }}
            >
              {BRAND_NAME}; kurslar, dershaneler, sanat ve müzik okulları için öğrenci, kurs kaydı, yoklama,
              ödeme ve bakiye takibini, eğitmen ve çalışan yönetimini tek bir sistemde toplar.
            </Typography>
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, textAlign: 'left' }}>
              {HIGHLIGHTS.map(({ icon: Icon, text }) => (
                <Stack key={text} component="li" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Icon color="secondary" />
                  <Typography>{text}</Typography>
                </Stack>
              ))}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button
                component={Link}
                to="/kayit"
                size="large"
                variant="contained"
                sx={{ ...gradientButtonSx, py: 1.75, px: 6, fontSize: '1.1rem' }}
              >
                Hemen Kayıt Ol
              </Button>
              <Button component={Link} to="/giris" size="large" variant="outlined">
                Giriş Yap
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 } }}>
        <Box
          component="section"
          sx={(t) => ({
            p: { xs: 3, md: 5 },
            borderRadius: 4,
            color: 'common.white',
            textAlign: 'center',
            background: `linear-gradient(120deg, ${t.palette.primary.dark}, ${t.palette.primary.main} 45%, ${t.palette.secondary.main})`,
          })}
        >
          <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
            Tek sistem, tek fiyat
          </Typography>
          <Typography sx={{ maxWidth: 760, mx: 'auto', opacity: 0.95 }}>
            Modüller arasında fiyat farkı yok, ek paket yok. Öğrenci, çalışan, eğitmen, yoklama ve sınıf
            sayısında hiçbir sınır yok: kurumunuz büyüdükçe ödediğiniz tutar değişmez.
          </Typography>
        </Box>

        <Box component="section" sx={{ mt: { xs: 6, md: 8 } }} aria-labelledby="modules-title">
          <Typography id="modules-title" variant="h4" component="h2" align="center" sx={{ mb: 1 }}>
            Özellikler ve modüller
          </Typography>
          <Typography color="text.secondary" align="center" sx={{ mb: 4 }}>
            Bir eğitim kurumunun ihtiyaç duyduğu her şey, tek bir panelde.
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2.5,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            }}
          >
            {MODULES.map(({ icon: Icon, title, text }) => (
              <Card key={title} variant="outlined" sx={{ height: '100%' }}>
                <CardContent sx={{ p: 3 }}>
                  <Box
                    sx={(t) => ({
                      width: 44,
                      height: 44,
                      borderRadius: 2,
                      mb: 1.5,
                      display: 'grid',
                      placeItems: 'center',
                      color: 'primary.main',
                      bgcolor: alpha(t.palette.primary.main, 0.1),
                    })}
                  >
                    <Icon />
                  </Box>
                  <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
                    {title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {text}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
        </Box>

        <Box component="section" sx={{ mt: { xs: 6, md: 8 } }} aria-labelledby="plans-title">
          <Typography id="plans-title" variant="h4" component="h2" align="center" sx={{ mb: 1 }}>
            Abonelik seçenekleri
          </Typography>
          <Typography color="text.secondary" align="center" sx={{ mb: 4 }}>
            Tüm modüller her planda dâhil. Uzun dönem seçin, daha az ödeyin.
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2.5,
              alignItems: 'stretch',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
            }}
          >
            {plans.map((plan) => (
              <PlanCard
                key={plan.checkoutItem}
                plan={plan}
                action={
                  <Button
                    component={Link}
                    to="/kayit"
                    variant={plan.highlighted ? 'contained' : 'outlined'}
                    fullWidth
                    sx={plan.highlighted ? gradientButtonSx : undefined}
                  >
                    Kayıt Ol
                  </Button>
                }
              />
            ))}
          </Box>
        </Box>

        <Stack
          component="section"
          spacing={2}
          sx={{ mt: { xs: 6, md: 8 }, alignItems: 'center', textAlign: 'center' }}
        >
          <Typography variant="h5" component="h2">
            Kurulum yok, bekleme yok
          </Typography>
          <Button
            component={Link}
            to="/kayit"
            size="large"
            variant="contained"
            sx={{ ...gradientButtonSx, py: 1.5 }}
          >
            5 dakikada katılın, hemen kullanmaya başlayın
          </Button>
        </Stack>

        <Box sx={{ mt: { xs: 6, md: 8 } }}>
          <Alert severity="info" variant="outlined">
            Bu sayfa bir test ve önizleme sayfasıdır. Arama motorlarından gelen ziyaretçilerin bu sayfayı
            dikkate almaması rica olunur.
          </Alert>
        </Box>
      </Container>
    </>
  );
}
