import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { errorText } from '../api/client';

/**
 * The router's error view: the Turkish error text and a retry that re-runs the route's loading. Drawn as
 * MUI's error alert looks, without MUI's Alert: this view is in every page's first load, and the Alert would
 * bring its icons and close button there.
 */
export function ErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Box sx={{ p: 3, maxWidth: 720, mx: 'auto' }}>
      <Box
        role="alert"
        sx={(theme) => ({
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 2,
          py: 1,
          borderRadius: 1,
          typography: 'body2',
          color: theme.palette.error.dark,
          bgcolor: '#fdeded',
        })}
      >
        <Box sx={{ flex: 1 }}>{errorText(error) || 'Beklenmeyen bir hata oluştu.'}</Box>
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Tekrar dene
        </Button>
      </Box>
    </Box>
  );
}
