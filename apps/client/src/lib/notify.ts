import type { OptionsObject, SnackbarMessage } from 'notistack';

/**
 * A snackbar from a page that does not wait for the snackbar host (the login page and its reset dialog):
 * the host and notistack load with the first message instead of with the page, which keeps the login
 * page's first load small. Pages under a route that ran `loadSnackbars` call notistack directly.
 */
export async function notify(message: SnackbarMessage, options: OptionsObject): Promise<void> {
  const [{ enqueueSnackbar }] = await Promise.all([import('notistack'), import('./snackbars')]);
  enqueueSnackbar(message, options);
}
