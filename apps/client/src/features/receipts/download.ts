import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';

/**
 * Asks the server for a PDF (api.md 7.1: read as a blob) and saves it under the name of Content-Disposition.
 * POST, because the first receipt of a payment issues its number.
 */
export async function downloadPdf(orgId: string, call: string, body: object, fallbackName: string) {
  try {
    const result = await api.post<Blob>(`/orgs/${orgId}/${call}`, body, { responseType: 'blob' });
    const blob = unwrap(result);
    const header = result.ok ? result.headers.get('Content-Disposition') : null;
    const name = /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallbackName;
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (e) {
    enqueueSnackbar(`Belge indirilemedi: ${errorText(e)}`, { variant: 'error' });
  }
}
