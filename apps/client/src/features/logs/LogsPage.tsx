import RefreshIcon from '@mui/icons-material/Refresh';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { LOG_ACTIONS, FAILED_SUFFIX, logActionLabel, logSentence } from '@okul/domain';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useEffect, useMemo } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PaginatedTable, type Column } from '../../components/PaginatedTable';
import { formatDateTime } from '../../lib/format';
import { useOrgId } from '../auth/useSession';
import { LOG_PAGE_SIZE, orgLogsQueryOptions, type OrgLog } from './queries';

/** Every action the filter offers: each known action and its refused (_failed) variant. */
const ACTION_OPTIONS: string[] = LOG_ACTIONS.flatMap((a) => [a, `${a}${FAILED_SUFFIX}`]);

const LOAD_FAILED = 'İşlem dökümü yüklenemedi';
const START_REACHED = 'İşlem dökümünün başına ulaşıldı. Daha eski kayıt yok.';

const columns: Column<OrgLog>[] = [
  { key: 'date', header: 'Tarih', width: 150, cell: (l) => formatDateTime(l.createdAt) },
  {
    key: 'user',
    header: 'Kullanıcı',
    cell: (l) => (
      <>
        <Typography variant="body2">{l.userName || '—'}</Typography>
        {l.userEmail && (
          <Typography variant="caption" color="text.secondary">
            {l.userEmail}
          </Typography>
        )}
      </>
    ),
  },
  {
    key: 'action',
    header: 'İşlem',
    cell: (l) => (
      <Typography variant="body2" color={l.action.endsWith(FAILED_SUFFIX) ? 'error' : undefined}>
        {logSentence(l.action, l.details)}
      </Typography>
    ),
  },
  {
    key: 'ip',
    header: 'IP adresi',
    hideBelow: 'md',
    cell: (l) => (
      <Tooltip title={l.userAgent ?? ''}>
        <span>{l.ipAddress || '—'}</span>
      </Tooltip>
    ),
  },
];

/** /giris/islem-dokumu (school-admin): the organisation's audit log, newest first, 50 at a time. */
export function LogsPage({
  action,
  onActionChange,
}: {
  action: string | null;
  onActionChange: (a: string | null) => void;
}) {
  const orgId = useOrgId();
  const queryClient = useQueryClient();
  const options = orgLogsQueryOptions(orgId, action);
  const query = useInfiniteQuery(options);
  const logs = useMemo(() => query.data?.pages.flatMap((p) => p.logs) ?? [], [query.data]);

  // api.md 8.6 / 7.7: a failed fetch is told once and logged; the list stays empty.
  useEffect(() => {
    if (query.isError && !query.isFetchNextPageError) {
      console.error('[logs] requestOrgLogs failed:', query.error);
      enqueueSnackbar(LOAD_FAILED, { variant: 'error' });
    }
  }, [query.isError, query.isFetchNextPageError, query.error]);

  async function loadMore() {
    const r = await query.fetchNextPage();
    if (r.isError) {
      enqueueSnackbar(LOAD_FAILED, { variant: 'error' });
      return;
    }
    if (!r.hasNextPage) enqueueSnackbar(START_REACHED, { variant: 'info' });
  }

  // api.md 7.3: a reset restarts from the beginning (drops the pages loaded so far).
  const restart = () => void queryClient.resetQueries({ queryKey: options.queryKey });

  return (
    <>
      <PageHeader
        title="İşlem Dökümü"
        subtitle="Kurumunuzda yapılan işlemler, en yenisi en üstte."
        actions={
          <Button startIcon={<RefreshIcon />} onClick={restart} disabled={query.isFetching}>
            Yenile
          </Button>
        }
      />
      <Box sx={{ mb: 2, maxWidth: 420 }}>
        <Autocomplete
          options={ACTION_OPTIONS}
          value={action}
          onChange={(_, v) => onActionChange(v)}
          getOptionLabel={logActionLabel}
          renderInput={(params) => <TextField {...params} label="İşlem türü" placeholder="Tüm işlemler" />}
        />
      </Box>
      {query.isFetching && <LinearProgress sx={{ mb: 1 }} aria-label="Yükleniyor" />}
      <PaginatedTable
        ariaLabel="İşlem dökümü"
        rows={logs}
        columns={columns}
        rowKey={(l) => l.id}
        emptyText={query.isPending ? 'Yükleniyor…' : 'Kayıt bulunamadı.'}
        defaultPageSize={LOG_PAGE_SIZE}
        footer={
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, borderTop: 1, borderColor: 'divider' }}>
            {query.hasNextPage || query.isPending ? (
              <Button
                variant="outlined"
                onClick={() => void loadMore()}
                disabled={!query.hasNextPage || query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? 'Yükleniyor' : 'Daha fazla yükle'}
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {logs.length > 0 ? START_REACHED : 'Gösterilecek kayıt yok.'}
              </Typography>
            )}
          </Box>
        }
      />
    </>
  );
}
