import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { errorText } from '../api/client';
import { withPrefix } from '../lib/failure-text';

/** A loading bar while data is on its way and the error text when it failed, above what shows the data. */
export function QueryStatus({
  loading,
  error,
  gap = 0,
  failure,
}: {
  loading: boolean;
  error: unknown;
  /** What failed (e.g. "Geçmiş yüklenemedi"), put before the reason. */
  failure?: string;
  /** Space under each, in theme spacing units. */
  gap?: number;
}) {
  const sx = gap ? { mb: gap } : undefined;
  return (
    <>
      {loading && <LinearProgress sx={sx} />}
      {error ? (
        <Alert severity="error" sx={sx}>
          {failure ? withPrefix(failure, errorText(error)) : errorText(error)}
        </Alert>
      ) : null}
    </>
  );
}
