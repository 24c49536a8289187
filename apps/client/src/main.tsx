import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { SnackbarProvider } from 'notistack';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { tokenStore } from './api/api';
import { ApiError } from './api/client';
import { createAppRouter } from './router';
import { theme } from './theme';

// Schema messages not written in the catalogue read in Turkish too.
z.config(z.locales.tr());

const queryClient = new QueryClient({
  // api.md 7.7: failed data fetches are logged
  queryCache: new QueryCache({ onError: (error, query) => console.error('[query]', query.queryKey, error) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // a refusal (4xx) will not change by asking again; a network or server failure gets one more try
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
    },
  },
});

const router = createAppRouter(queryClient);

// A session that ends (logout, refused refresh) drops the user's data and sends every guard round again.
tokenStore.subscribe(() => {
  if (tokenStore.get()) return;
  queryClient.removeQueries();
  void router.invalidate();
});

// api.md 8.1: when a route module fails to load (a deploy replaced it), the page reloads, once.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'okul:preload-reload';
  if (sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, '1');
  event.preventDefault();
  window.location.reload();
});
window.addEventListener('load', () => sessionStorage.removeItem('okul:preload-reload'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={4}
        autoHideDuration={6000}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  </StrictMode>,
);
