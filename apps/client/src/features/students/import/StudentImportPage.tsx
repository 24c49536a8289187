import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  guessColumnMapping,
  message,
  toLocal,
  type ColumnMapping,
  type ImportCell,
  type ImportField,
  type ImportRowOutcome,
  type ImportStudentsAnswer,
} from '@okul/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type ChangeEvent } from 'react';
import { api } from '../../../api/api';
import { errorText, unwrap } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { PaginatedTable, type Column } from '../../../components/PaginatedTable';
import { Section } from '../../../components/Section';
import { useOrgId } from '../../auth/useSession';
import { studentKeys } from '../queries';
import {
  buildPreview,
  chunkRows,
  readImportFile,
  refusedRows,
  refusedRowsCsv,
  type ImportTable,
  type PreviewRow,
  type RefusedRow,
} from './student-import';

const NOT_IMPORTED = '';

function cellText(c: ImportCell): string {
  if (c === null || c === undefined) return '';
  return c instanceof Date ? c.toISOString().slice(0, 10) : String(c);
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type Progress = { sent: number; total: number };

function todayParts() {
  const t = toLocal(Date.now());
  return { d: t.day, m: t.month, y: t.year };
}

/**
 * /giris/ogrenciler/ice-aktar (school-admin): an existing student list from CSV or Excel. The file is read
 * here, its columns mapped to the form's fields (guessed from the headers), every row checked with the form's
 * schema before anything is sent, the valid rows sent in chunks with progress, and the refused rows offered
 * back as CSV with their reasons.
 */
export function StudentImportPage() {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const [fileName, setFileName] = useState<string | null>(null);
  const [table, setTable] = useState<ImportTable | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [readError, setReadError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [answers, setAnswers] = useState<ImportRowOutcome[] | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  // The registration day of rows without one: the day the screen was opened, as the form starts with today.
  const [today] = useState(todayParts);

  const preview = useMemo(() => (table ? buildPreview(table, mapping, today) : []), [table, mapping, today]);
  const valid = preview.filter((r) => r.ok);
  const importing = progress !== null && progress.sent < progress.total && sendError === null;
  const refused: RefusedRow[] = answers ? refusedRows(preview, answers) : [];

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setAnswers(null);
    setProgress(null);
    setSendError(null);
    setReadError(null);
    try {
      const read = await readImportFile(file);
      if (read.rows.length === 0) throw new Error(message('studentImport.fileEmpty'));
      setFileName(file.name);
      setTable(read);
      setMapping(guessColumnMapping(read.headers));
    } catch (err) {
      setTable(null);
      setFileName(null);
      setReadError(err instanceof Error ? err.message : message('studentImport.fileUnreadable'));
    }
  }

  function setColumn(index: number, field: ImportField | null) {
    setAnswers(null);
    setMapping((m) =>
      m.map((current, i) => (i === index ? field : field !== null && current === field ? null : current)),
    );
  }

  async function runImport() {
    const rows = valid.map((r) => ({ line: r.line, student: r.values }));
    const outcomes: ImportRowOutcome[] = [];
    setAnswers(null);
    setSendError(null);
    setProgress({ sent: 0, total: rows.length });
    try {
      for (const chunk of chunkRows(rows)) {
        const answer = unwrap(
          await api.post<ImportStudentsAnswer>(`/orgs/${orgId}/importStudents`, { fileName, rows: chunk }),
        );
        outcomes.push(...answer.rows);
        setProgress({ sent: outcomes.length, total: rows.length });
      }
    } catch (err) {
      setSendError(message('studentImport.failed', { error: errorText(err) }));
    } finally {
      setAnswers(outcomes);
      await queryClient.invalidateQueries({ queryKey: studentKeys.all(orgId) });
    }
  }

  const counts = answers && {
    created: answers.filter((a) => a.status === 'created').length,
    existing: answers.filter((a) => a.status === 'existing').length,
    refused: refused.length,
  };

  const previewColumns: Column<PreviewRow>[] = [
    { key: 'line', header: 'Satır', cell: (r) => r.line, align: 'right', width: 72 },
    { key: 'name', header: 'İsim', cell: (r) => String(r.values.name ?? '') },
    { key: 'surname', header: 'Soyisim', cell: (r) => String(r.values.surname ?? '') },
    { key: 'TCKN', header: 'TC Kimlik No', cell: (r) => String(r.values.TCKN ?? ''), hideBelow: 'sm' },
    {
      key: 'status',
      header: 'Durum',
      cell: (r) =>
        r.ok ? (
          <Chip size="small" color="secondary" label="Geçerli" />
        ) : (
          <Typography variant="body2" color="error">
            {r.error}
          </Typography>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Öğrenci Listesi İçe Aktar"
        subtitle="Mevcut öğrenci listenizi CSV veya Excel (.xlsx) dosyasından ekleyin."
        actions={
          <Button component={Link} to="/giris/ogrenciler">
            Öğrencilere dön
          </Button>
        }
      />
      <Section title="1. Dosya" sx={{ mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={importing}>
            Dosya seç (.csv, .xlsx)
            <input
              hidden
              type="file"
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label="Öğrenci listesi dosyası"
              onChange={(e) => void onFile(e)}
            />
          </Button>
          {fileName && table && (
            <Typography>
              {fileName}: {table.rows.length} satır
            </Typography>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          İlk satır sütun başlıkları olmalıdır. CSV dosyaları ";" veya "," ile ayrılmış, UTF-8 veya
          Windows-1254 (Türkçe) kodlamalı olabilir. Kayıt tarihi boş olan öğrenciler bugünün tarihiyle
          kaydedilir.
        </Typography>
        {readError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {readError}
          </Alert>
        )}
      </Section>

      {table && (
        <Section title="2. Sütunlar" sx={{ mb: 2 }}>
          <Table size="small" aria-label="Sütun eşleştirme">
            <TableHead>
              <TableRow>
                <TableCell>Dosyadaki sütun</TableCell>
                <TableCell>Örnek</TableCell>
                <TableCell>Öğrenci bilgisi</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {table.headers.map((header, i) => (
                <TableRow key={i}>
                  <TableCell>{header || `${i + 1}. sütun`}</TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>{cellText(table.rows[0]?.cells[i])}</TableCell>
                  <TableCell sx={{ minWidth: 220 }}>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      value={mapping[i] ?? NOT_IMPORTED}
                      disabled={importing}
                      slotProps={{ htmlInput: { 'aria-label': `${header || `${i + 1}. sütun`} sütunu` } }}
                      onChange={(e) =>
                        setColumn(i, e.target.value === NOT_IMPORTED ? null : (e.target.value as ImportField))
                      }
                    >
                      <MenuItem value={NOT_IMPORTED}>Aktarılmayacak</MenuItem>
                      {IMPORT_FIELDS.map((f) => (
                        <MenuItem key={f} value={f}>
                          {IMPORT_FIELD_LABELS[f]}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      )}

      {table && (
        <Section title="3. Önizleme" sx={{ mb: 2 }}>
          <Typography sx={{ mb: 2 }} data-testid="import-preview-summary">
            {preview.length} satır: {valid.length} geçerli, {preview.length - valid.length} hatalı
          </Typography>
          <PaginatedTable
            rows={preview}
            columns={previewColumns}
            rowKey={(r) => String(r.line)}
            emptyText="Satır yok."
            defaultPageSize={25}
            maxHeight={480}
            ariaLabel="Önizleme"
            resetPageOn={`${fileName}|${mapping.join(',')}`}
          />
          <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
            <Button
              variant="contained"
              disabled={valid.length === 0 || importing}
              onClick={() => void runImport()}
            >
              {valid.length} öğrenciyi içe aktar
            </Button>
          </Stack>
          {progress && (
            <Box sx={{ mt: 2 }}>
              <LinearProgress
                variant="determinate"
                value={progress.total === 0 ? 100 : (100 * progress.sent) / progress.total}
                aria-label="İçe aktarma ilerlemesi"
              />
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {progress.sent} / {progress.total} satır gönderildi
              </Typography>
            </Box>
          )}
          {sendError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {sendError}
            </Alert>
          )}
        </Section>
      )}

      {answers && counts && !importing && (
        <Section title="4. Sonuç" sx={{ mb: 2 }}>
          <Alert severity={counts.refused > 0 ? 'warning' : 'success'} data-testid="import-result">
            {message('studentImport.done', counts)}
          </Alert>
          {refused.length > 0 && (
            <>
              <Table size="small" aria-label="Reddedilen satırlar" sx={{ mt: 2 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Satır</TableCell>
                    <TableCell>Hata</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {refused.map((r) => (
                    <TableRow key={r.line}>
                      <TableCell>{r.line}</TableCell>
                      <TableCell>{r.error}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Button
                sx={{ mt: 2 }}
                startIcon={<DownloadIcon />}
                onClick={() =>
                  download(
                    `reddedilen-satirlar-${(fileName ?? 'liste').replace(/\.[^.]+$/, '')}.csv`,
                    refusedRowsCsv(table?.headers ?? [], refused),
                  )
                }
              >
                Reddedilen satırları indir (CSV)
              </Button>
            </>
          )}
        </Section>
      )}
    </>
  );
}
