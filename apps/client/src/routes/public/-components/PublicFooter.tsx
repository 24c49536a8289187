import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { BRAND_NAME } from '../../../config/brand';

/**
 * product.md 2: the footer on public pages carries a copyright line with the current year. The five legal
 * links (privacy, distance sales, delivery-refund, about, contact) and their modals belong here too and
 * are added with the registration and payment pages.
 */
export function PublicFooter() {
  return (
    <Box component="footer" sx={{ py: 4, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Typography variant="body2" color="text.secondary" align="center">
          © {new Date().getFullYear()} {BRAND_NAME}. Tüm hakları saklıdır.
        </Typography>
      </Container>
    </Box>
  );
}
