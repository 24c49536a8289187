import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Logo } from './Logo';

/** The frame of the panel's stand-alone screens (login, organisation picker, gating pages). */
export function CenteredCard({
  children,
  maxWidth = 440,
  top,
}: {
  children: ReactNode;
  maxWidth?: number;
  top?: ReactNode;
}) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: (t) =>
          `linear-gradient(135deg, ${alpha(t.palette.primary.main, 0.08)} 0%, ${t.palette.background.default} 45%, ${alpha(t.palette.secondary.main, 0.08)} 100%)`,
      }}
    >
      <Box sx={{ mb: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        {top}
        <Logo size={40} />
      </Box>
      <Card elevation={3} sx={{ width: '100%', maxWidth }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>{children}</CardContent>
      </Card>
    </Box>
  );
}
