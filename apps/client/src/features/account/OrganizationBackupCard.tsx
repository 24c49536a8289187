import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_BACKUP_FILE_NAME } from '@okul/domain';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { api } from '../../api/api';
import { Section } from '../../components/Section';

/** api.md 8.4: a failed backup download shows the server's message, else this. */
const DOWNLOAD_FAILED = 'Download failed';

interface ImportAnswer {
  organizationId: string;
  events: number;
  imported: number;
  alreadyPresent: number;
  mediaFiles: number;
}

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file's bytes as base64 (the parse call's file_base64). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('Dosya okunamadı'));
    reader.readAsDataURL(file);
  });
}

/**
 * Ayarlar: the organisation backup (school-admin): its event history, media files and read models in one zip,
 * the institution's data-portability copy; and for developers the upload that imports such a file into an
 * organisation (api.md 7.4 parse).
 */
export function OrganizationBackupCard({
  organizationId,
  canDownload,
  canImport,
}: {
  organizationId: string;
  canDownload: boolean;
  canImport: boolean;
}) {
  const [downloading, setDownloading] = useState(false);
  const [importing, setImporting] = useState(false);
  const [target, setTarget] = useState(organizationId);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();

  const download = async () => {
    setDownloading(true);
    try {
      const r = await api.get<Blob>(`/orgs/${organizationId}/exportOrganizationBackup`, {
        responseType: 'blob',
      });
      if (!r.ok) {
        enqueueSnackbar(r.error || DOWNLOAD_FAILED, { variant: 'error' });
        return;
      }
      const name = /filename="([^"]+)"/.exec(r.headers.get('Content-Disposition') ?? '')?.[1];
      save(r.data, name ?? DEFAULT_BACKUP_FILE_NAME);
    } catch {
      enqueueSnackbar(DOWNLOAD_FAILED, { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const upload = async (file: File) => {
    setImporting(true);
    setResult(null);
    setError(null);
    try {
      const r = await api.post<ImportAnswer>('/parse', {
        orgid: target.trim(),
        file_base64: await readBase64(file),
        filename: file.name,
      });
      if (r.ok) {
        setResult(r.data);
        await queryClient.invalidateQueries();
      } else {
        setError(r.error);
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setImporting(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Section
      title="Kurum Yedeği"
      subtitle="Kurumun tüm olay geçmişi, medya dosyaları ve güncel verileri (okunabilir JSON) tek bir zip dosyasında."
    >
      <Stack spacing={2}>
        {canDownload && (
          <Button
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => void download()}
            disabled={downloading}
            startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {downloading ? 'Yedek hazırlanıyor…' : 'Kurum Yedeğini İndir'}
          </Button>
        )}
        {canImport && (
          <>
            {canDownload && <Divider />}
            <Typography variant="subtitle2">Yedek yükle (geliştirici)</Typography>
            <Typography variant="body2" color="text.secondary">
              Bir kurum yedeğini yalnızca yedeği alınan kuruma yükleyebilirsiniz. Zaten var olan kayıtlar
              yeniden eklenmez; bozuk veya başka kuruma ait bir dosyada hiçbir kayıt yazılmaz.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                size="small"
                label="Kurum kimliği"
                value={target}
                onChange={(e) => setTarget(e.target.value)}
                sx={{ minWidth: 340 }}
              />
              <Button variant="outlined" component="label" disabled={importing || target.trim() === ''}>
                {importing ? 'Yükleniyor…' : 'Yedek Dosyası Seç'}
                <input
                  ref={input}
                  hidden
                  type="file"
                  accept=".zip,application/zip"
                  aria-label="Yedek dosyası"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) void upload(file);
                  }}
                />
              </Button>
            </Stack>
            {result && (
              <Alert severity="success">
                Yedek yüklendi: {result.events} olaydan {result.imported} tanesi eklendi
                {result.alreadyPresent > 0 ? `, ${result.alreadyPresent} tanesi zaten vardı` : ''};{' '}
                {result.mediaFiles} medya dosyası.
              </Alert>
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </>
        )}
      </Stack>
    </Section>
  );
}
