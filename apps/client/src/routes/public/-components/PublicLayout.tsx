import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Logo } from '../../../components/Logo';
import { useAuthActions } from '../../../features/auth/useAuthActions';
import { useAccessToken } from '../../../features/auth/useSession';
import type { LegalDocument } from './legal/documents';
import { LegalDocumentsContext } from './legal/LegalDocumentsContext';
import { PublicFooter } from './PublicFooter';

// The documents' texts load when one is first opened, not with every public page.
const LegalDialog = lazy(() => import('./legal/LegalDialog').then((m) => ({ default: m.LegalDialog })));

/**
 * The public pages (landing, /kayit, /odeme, /mock3ds, /odeme-basarili): a header whose logo goes to /
 * (product.md 2), the page, and the footer. The footer's documents open in one modal, which the
 * registration and payment pages can open too (their checkboxes and notes link to the same texts).
 */
export function PublicLayout() {
  const [doc, setDoc] = useState<LegalDocument | null>(null);
  // stays mounted once opened, so closing plays the dialog's exit transition
  const [opened, setOpened] = useState(false);
  const legal = useMemo(
    () => ({
      open: (d: LegalDocument) => {
        setOpened(true);
        setDoc(d);
      },
    }),
    [],
  );
  return (
    <LegalDocumentsContext.Provider value={legal}>
      <Box
        sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
      >
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Container maxWidth="lg">
            <Toolbar disableGutters sx={{ gap: 2 }}>
              <Logo />
              <Box sx={{ flexGrow: 1 }} />
              <HeaderAction />
            </Toolbar>
          </Container>
        </AppBar>
        <Box component="main" sx={{ flexGrow: 1 }}>
          <Outlet />
        </Box>
        <PublicFooter />
      </Box>
      {opened && (
        <Suspense fallback={null}>
          <LegalDialog doc={doc} onClose={() => setDoc(null)} />
        </Suspense>
      )}
    </LegalDocumentsContext.Provider>
  );
}

/** Signed out: Giriş Yap. Signed in (a registration or payment in progress): Çıkış Yap, to start over. */
function HeaderAction() {
  const token = useAccessToken();
  const { logout } = useAuthActions();
  if (token)
    return (
      <Button variant="outlined" color="inherit" onClick={() => void logout()}>
        Çıkış Yap
      </Button>
    );
  return (
    <Button component={Link} to="/giris" variant="outlined" color="primary">
      Giriş Yap
    </Button>
  );
}
