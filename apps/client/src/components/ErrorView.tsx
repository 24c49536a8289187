import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { errorText } from '../api/client';

/** The router's error view: the Turkish error text and a retry that re-runs the route's loading. */
export function ErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Box sx={{ p: 3, maxWidth: 720, mx: 'auto' }}>
      <Alert
        severity="error"
        action={
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
        }
      >
        {errorText(error) || 'Beklenmeyen bir hata oluştu.'}
      </Alert>
    </Box>
  );
}
