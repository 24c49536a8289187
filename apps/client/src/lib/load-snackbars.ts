/**
 * The loader of every route whose page shows snackbars (the panel under /giris, and the public pages but the
 * landing page): the page renders once the snackbar host is mounted, so no toast is ever lost or early.
 */
export async function loadSnackbars(): Promise<void> {
  await import('./snackbars');
}
