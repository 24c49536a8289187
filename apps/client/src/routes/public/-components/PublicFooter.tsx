import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BRAND_NAME } from '../../../config/brand';
import { LEGAL_DOCUMENTS, LEGAL_DOCUMENT_TITLES } from './legal/documents';
import { useLegalDocuments } from './legal/LegalDocumentsContext';

/**
 * product.md 2: the footer of the public pages: five links opening their modal (privacy, distance sales,
 * delivery-refund, about, contact) and a copyright line with the current year.
 */
export function PublicFooter() {
  const legal = useLegalDocuments();
  return (
    <Box component="footer" sx={{ py: 4, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Stack
          component="nav"
          aria-label="Yasal bilgiler"
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'center', columnGap: 3, rowGap: 1, mb: 2 }}
        >
          {LEGAL_DOCUMENTS.map((doc) => (
            <Link
              key={doc}
              component="button"
              type="button"
              variant="body2"
              color="text.secondary"
              underline="hover"
              onClick={() => legal.open(doc)}
            >
              {LEGAL_DOCUMENT_TITLES[doc]}
            </Link>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary" align="center">
          © {new Date().getFullYear()} {BRAND_NAME}. Tüm hakları saklıdır.
        </Typography>
      </Container>
    </Box>
  );
}
