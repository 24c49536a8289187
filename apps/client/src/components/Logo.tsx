import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { BRAND_NAME } from '../config/brand';

/** The product logo; a click goes to / (product.md 2, login and public headers). */
export function Logo({ size = 36, light = false }: { size?: number; light?: boolean }) {
  return (
    <Box
      component={Link}
      to="/"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: 'inherit' }}
    >
      <LogoMark size={size} />
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: size * 0.6,
          letterSpacing: '-0.02em',
          color: light ? 'common.white' : 'primary.main',
        }}
      >
        {BRAND_NAME}
      </Typography>
    </Box>
  );
}

export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 64 64" sx={{ width: size, height: size, flexShrink: 0 }} aria-hidden>
      <defs>
        <linearGradient id="kp-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6a3fc1" />
          <stop offset="1" stopColor="#2e9d5b" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#kp-logo)" />
      <path d="M18 46V18h6v11l11-11h8L31 30l13 16h-8l-9-11-3 3v8z" fill="#fff" />
    </Box>
  );
}
