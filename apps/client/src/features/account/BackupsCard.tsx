import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DEFAULT_BACKUP_FILE_NAME, type BackupLog } from '@okul/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { Section } from '../../components/Section';
import { formatDateTime } from '../../lib/format';
import { authKeys } from '../auth/queries';

/** api.md 8.4: a failed backup download shows the server's message, else this. */
const DOWNLOAD_FAILED = 'Download failed';

const backupLogsQueryOptions = () =>
  queryOptions({
    queryKey: [...authKeys.all, 'backup-logs'] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.get<{ logs: BackupLog[] }>('/getbklogs', { signal })).logs,
    retry: false,
  });

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} MB`
    : `${(bytes / 1024).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} KB`;

const durationText = (ms: number) =>
  ms < 1000 ? `${ms} ms` : `${(ms / 1000).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} sn`;

/** api.md 7.4 requestbk: the whole database as a zip, saved under the name of Content-Disposition. */
async function downloadFullBackup(): Promise<boolean> {
  try {
    const result = await api.post<Blob>('/requestbk', { backupType: 'full_sql' }, { responseType: 'blob' });
    if (!result.ok) {
      enqueueSnackbar(result.error || DOWNLOAD_FAILED, { variant: 'error' });
      return false;
    }
    const header = result.headers.get('Content-Disposition');
    // api.md 9.4: file.zip when the header names no file.
    const name = /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? DEFAULT_BACKUP_FILE_NAME;
    const url = URL.createObjectURL(result.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch {
    enqueueSnackbar(DOWNLOAD_FAILED, { variant: 'error' });
    return false;
  }
}

function BackupLogsTable() {
  const query = useQuery(backupLogsQueryOptions());
  if (query.isPending) return <CircularProgress size={24} />;
  if (query.isError)
    return <Alert severity="error">Yedek kayıtları yüklenemedi: {errorText(query.error)}</Alert>;
  if (query.data.length === 0) return <Typography color="text.secondary">Henüz yedek alınmadı.</Typography>;
  return (
    <Table size="small" aria-label="Yedek kayıtları">
      <TableHead>
        <TableRow>
          <TableCell>Zaman</TableCell>
          <TableCell>Alan</TableCell>
          <TableCell>Kapsam</TableCell>
          <TableCell>Dosya</TableCell>
          <TableCell align="right">Boyut</TableCell>
          <TableCell align="right">Süre</TableCell>
          <TableCell>Sonuç</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {query.data.map((b) => (
          <TableRow key={b.id}>
            <TableCell>{formatDateTime(b.startedAt)}</TableCell>
            <TableCell>{b.takenByName ?? '—'}</TableCell>
            <TableCell>
              {b.backupType === 'organization' ? `Kurum: ${b.organizationName ?? '—'}` : 'Tüm veritabanı'}
            </TableCell>
            <TableCell>{b.fileName}</TableCell>
            <TableCell align="right">{sizeText(b.sizeBytes)}</TableCell>
            <TableCell align="right">{durationText(b.durationMs)}</TableCell>
            <TableCell title={b.error ?? ''}>{b.success ? 'Başarılı' : 'Başarısız'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** product.md 6: the global admin's full database dump and backup logs buttons (Ayarlar). */
export function BackupsCard() {
  const [busy, setBusy] = useState(false);
  const [showLogs, setShowLogs] = useState(false);
  const queryClient = useQueryClient();
  const download = async () => {
    setBusy(true);
    try {
      await downloadFullBackup();
    } finally {
      setBusy(false);
      // Successful or not, the attempt is a new line of the logs.
      await queryClient.invalidateQueries({ queryKey: backupLogsQueryOptions().queryKey });
    }
  };
  return (
    <Section
      title="Yedekleme"
      subtitle="Tüm veritabanının SQL dökümü (zip). Boş bir PostgreSQL veritabanına psql ile geri yüklenir."
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={2}>
          <Button
            variant="contained"
            onClick={() => void download()}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {busy ? 'Yedek hazırlanıyor…' : 'Tam Yedek İndir'}
          </Button>
          <Button variant="outlined" onClick={() => setShowLogs((v) => !v)}>
            {showLogs ? 'Yedek Kayıtlarını Gizle' : 'Yedek Kayıtları'}
          </Button>
        </Stack>
        {showLogs && <BackupLogsTable />}
      </Stack>
    </Section>
  );
}
