import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { tokenStore } from './api/api';
import { ApiError } from './api/client';
import { createAppRouter } from './router';
import { theme } from './theme';

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

// The theme uses no CSS variables: @mui/system's provider is what @mui/material's picks for such a theme,
// without the colour-scheme machinery the latter loads for themes that do.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
