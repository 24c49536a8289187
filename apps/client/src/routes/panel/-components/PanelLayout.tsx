import MenuIcon from '@mui/icons-material/Menu';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { DateLocalization } from '../../../components/DateLocalization';
import { Logo } from '../../../components/Logo';
import { FullPageSpinner } from '../../../components/FullPageSpinner';
import { roleLabel } from '../../../lib/format';
import { gatePanel } from '../../../features/auth/session';
import { useSession } from '../../../features/auth/useSession';
import { SideMenu } from './SideMenu';

export const DRAWER_WIDTH = 272;

/** The panel frame: a side menu on wide screens, a top drawer on phones (product.md 2). */
export function PanelLayout() {
  const gate = gatePanel(useSession());
  const [mobileOpen, setMobileOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => setMobileOpen(false), [pathname]);
  // The guard only enters the panel with a ready session; while it ends (logout, expiry, another
  // organisation) the pages are not rendered until the guard has sent the user on.
  if (gate.kind !== 'ready') return <FullPageSpinner minHeight="100vh" />;
  const session = gate.session;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (t) => t.zIndex.drawer + 1 }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label={mobileOpen ? 'Menüyü kapat' : 'Menüyü aç'}
            onClick={() => setMobileOpen((o) => !o)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Logo size={32} />
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 600, maxWidth: 280 }} title={session.organization.name}>
              {session.organization.name}
            </Typography>
            <Chip size="small" color="secondary" label={roleLabel(session.role)} />
          </Box>
        </Toolbar>
      </AppBar>

      {/* phones: the menu drops down from the top */}
      <Drawer
        anchor="top"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        sx={{ display: { xs: 'block', md: 'none' } }}
        slotProps={{ paper: { sx: { maxHeight: '85vh' } } }}
      >
        <Toolbar />
        <SideMenu session={session} />
      </Drawer>

      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <SideMenu session={session} />
      </Drawer>

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        {session.organization.deactivated && (
          // docs/DECISIONS.md: a closed organisation's data stays readable; every change is refused
          <Alert severity="warning" sx={{ mb: 2 }}>
            Kurum erişime kapatılmış. Verileri görüntüleyebilirsiniz, ancak değişiklik yapılamaz.
          </Alert>
        )}
        <DateLocalization>
          <Outlet />
        </DateLocalization>
      </Box>
    </Box>
  );
}
