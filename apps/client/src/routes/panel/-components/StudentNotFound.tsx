import Alert from '@mui/material/Alert';

/** A student page's address with no valid student number (loaded on demand: it is not in the first load). */
export function StudentNotFound() {
  return <Alert severity="warning">Öğrenci bulunamadı.</Alert>;
}
