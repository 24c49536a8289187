import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

/**
 * One titled part of a page (settings, student detail, student form): an outlined card that is a
 * labelled region, so each can be found by its title; an action (an add button) may sit on the right.
 */
export function Section({
  title,
  subtitle,
  action,
  sx,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={sx}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 1,
            mb: subtitle ? 0.5 : 2,
          }}
        >
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Box>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
