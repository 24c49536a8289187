import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { api } from '../api/api';
import { errorText, unwrap } from '../api/client';

/** Fetches an export (a blob, with the token) and saves it under the name the server gives. */
async function downloadExport(
  orgId: string,
  call: string,
  format: 'xlsx' | 'csv',
  query: Record<string, string> = {},
) {
  try {
    const q = new URLSearchParams({ ...query, format });
    const result = await api.get<Blob>(`/orgs/${orgId}/${call}?${q.toString()}`, { responseType: 'blob' });
    const blob = unwrap(result);
    const header = result.ok ? result.headers.get('Content-Disposition') : null;
    const name = /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? `${call}.${format}`;
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (e) {
    enqueueSnackbar(`Dosya indirilemedi: ${errorText(e)}`, { variant: 'error' });
  }
}

/** A "Dışa aktar" button offering the list as Excel (.xlsx) or CSV (an export call of the server). */
export function ExportMenu({
  orgId,
  call,
  label = 'Dışa aktar',
  query,
}: {
  orgId: string;
  call: string;
  label?: string;
  /** More parameters of the call (e.g. a student and a period), besides the format. */
  query?: Record<string, string>;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (format: 'xlsx' | 'csv') => {
    setAnchor(null);
    void downloadExport(orgId, call, format, query);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={(e) => setAnchor(e.currentTarget)}>
        {label}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('xlsx')}>Excel (.xlsx)</MenuItem>
        <MenuItem onClick={() => pick('csv')}>CSV</MenuItem>
      </Menu>
    </>
  );
}
