import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { BRAND_NAME } from '../../../config/brand';
import { PUBLIC_PATHS } from '../../../config/paths';

/**
 * The entry page until the full landing page (features, modules, plan cards) is built: it states what the
 * product is and leads to registration and sign-in.
 */
export function LandingPage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <Stack spacing={4} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700 }}>
          Kurumunuzu tek panelden yönetin
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, maxWidth: 640 }}>
          {BRAND_NAME}; kurslar, dershaneler, sanat ve müzik okulları için öğrenci, kurs kaydı, yoklama, ödeme
          ve bakiye takibini tek bir sistemde toplar. Öğrenci, eğitmen ve yoklama sayısında sınır yoktur.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button
            href={PUBLIC_PATHS.registration}
            size="large"
            variant="contained"
            sx={{
              px: 4,
              background: (t) =>
                `linear-gradient(90deg, ${t.palette.primary.main}, ${t.palette.secondary.main})`,
            }}
          >
            Hemen Kayıt Ol
          </Button>
          <Button component={Link} to="/giris" size="large" variant="outlined">
            Giriş Yap
          </Button>
        </Stack>
        <Typography color="text.secondary">5 dakika içinde katılın ve kullanmaya başlayın.</Typography>
        <Box sx={{ width: '100%' }}>
          <Alert severity="info" variant="outlined" sx={{ textAlign: 'left' }}>
            Bu sayfa bir test ve önizleme sayfasıdır. Arama motorlarından gelen ziyaretçilerin bu sayfayı
            dikkate almaması rica olunur.
          </Alert>
        </Box>
      </Stack>
    </Container>
  );
}
