import { alpha, type Theme } from '@mui/material/styles';

/** product.md 1: purple and green identity with gradient buttons (theme tokens, no raw colours). */
export const gradientButtonSx = {
  px: 4,
  color: 'common.white',
  background: (t: Theme) => `linear-gradient(90deg, ${t.palette.primary.main}, ${t.palette.secondary.main})`,
  transition: 'filter 0.4s, box-shadow 0.4s',
  '&:hover': {
    filter: 'brightness(1.08)',
    boxShadow: (t: Theme) => `0 8px 24px ${alpha(t.palette.primary.main, 0.3)}`,
  },
  '&.Mui-disabled': { background: 'none', color: 'action.disabled', bgcolor: 'action.disabledBackground' },
} as const;
