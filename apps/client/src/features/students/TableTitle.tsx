import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The heading of a table in the student detail, with its action (an add button) on the right. */
export function TableTitle({
  title,
  action,
  spaced = false,
}: {
  title: string;
  action?: ReactNode;
  /** Set off from a table above it. */
  spaced?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        mt: spaced ? 3 : 0,
        mb: 1,
      }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {action}
    </Box>
  );
}
