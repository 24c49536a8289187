import LogoutIcon from '@mui/icons-material/Logout';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { Link, useRouterState } from '@tanstack/react-router';
import { seesAllOrganizations, type ReadySession } from '../../../features/auth/session';
import { useAuthActions } from '../../../features/auth/useAuthActions';
import { useUnreadCount } from '../../../features/inbox/queries';
import { PANEL_PAGES, activePagePath, menuFor } from '../menu';
import { pageIcon } from './menu-icons';

/** product.md 2: the side menu grouped by category and filtered by role, with a logout item. */
export function SideMenu({ session }: { session: ReadySession }) {
  const { logout, clearOrganization } = useAuthActions();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = activePagePath(pathname);
  const groups = menuFor(session.role);
  // product.md 2: the inbox shows its unread count (api.md 7.7: messages load at start)
  const unread = useUnreadCount();
  const canSwitch = session.memberships.length > 1 || seesAllOrganizations(session.user);

  return (
    <Box component="nav" aria-label="Panel menüsü" sx={{ overflowY: 'auto', pb: 2 }}>
      <Box sx={{ px: 2, pt: 2, pb: 1, display: { sm: 'none' } }}>
        <Typography sx={{ fontWeight: 600 }}>{session.organization.name}</Typography>
      </Box>
      <Box sx={{ px: 2, pt: { xs: 0, sm: 2 }, pb: 1 }}>
        <Typography variant="body2" color="text.secondary" noWrap title={session.user.email}>
          {session.user.name}
        </Typography>
      </Box>
      {groups.map((group) => (
        <List
          key={group.category}
          dense
          subheader={
            <ListSubheader component="div" disableSticky sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
              {group.category}
            </ListSubheader>
          }
        >
          {group.pages.map((page) => {
            const Icon = pageIcon(page.path);
            const icon = Icon ? <Icon fontSize="small" /> : null;
            return (
              <ListItemButton
                key={page.path}
                component={Link}
                to={page.path}
                selected={active === page.path}
                sx={{ mx: 1, borderRadius: 2 }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  {page.path === PANEL_PAGES.inbox.path ? (
                    <Badge color="secondary" badgeContent={unread} max={99}>
                      {icon}
                    </Badge>
                  ) : (
                    icon
                  )}
                </ListItemIcon>
                <ListItemText primary={page.label} />
              </ListItemButton>
            );
          })}
        </List>
      ))}
      <Divider sx={{ my: 1 }} />
      <List dense>
        {canSwitch && (
          <ListItemButton onClick={() => void clearOrganization()} sx={{ mx: 1, borderRadius: 2 }}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <SwapHorizIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Kurum Değiştir" />
          </ListItemButton>
        )}
        <ListItemButton onClick={() => void logout()} sx={{ mx: 1, borderRadius: 2 }}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Çıkış Yap" />
        </ListItemButton>
      </List>
    </Box>
  );
}
