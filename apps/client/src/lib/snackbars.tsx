import { SnackbarProvider } from 'notistack';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/**
 * The snackbar host, mounted as this module loads: pages call notistack's `enqueueSnackbar`, which works
 * once a SnackbarProvider exists. Its own root beside the app, so it lives across every page change; the
 * routes that show snackbars wait for it (`loadSnackbars`), and the landing page never loads notistack.
 */
const container = document.createElement('div');
document.body.append(container);
const root = createRoot(container);
flushSync(() =>
  root.render(
    <StrictMode>
      <SnackbarProvider
        maxSnack={4}
        autoHideDuration={6000}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      />
    </StrictMode>,
  ),
);

// the development server replaces this module on an edit: the old host goes with it
import.meta.hot?.dispose(() => {
  root.unmount();
  container.remove();
});
