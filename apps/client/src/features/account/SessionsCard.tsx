import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PaginatedTable, type Column } from '../../components/PaginatedTable';
import { errorText } from '../../api/client';
import { formatDateTime } from '../../lib/format';
import { useAuthActions } from '../auth/useAuthActions';
import { describeUserAgent, sortSessions } from './account-forms';
import { sessionsQueryOptions, useEndSession } from './queries';
import { Section } from '../../components/Section';
import type { AccountSession } from '@okul/domain';

/** api.md 9.4: the session list shows 10 rows a page. */
const SESSIONS_PAGE_SIZE = 10;

/**
 * product.md 2 Settings: the session list; an active session can be ended, and ending the current one
 * logs out (product.md 2).
 */
export function SessionsCard() {
  const query = useQuery(sessionsQueryOptions());
  const endSession = useEndSession();
  const { logout } = useAuthActions();
  const [toEnd, setToEnd] = useState<AccountSession | null>(null);
  // Ending another session asks for the password (a stolen access token alone must not sign the owner out).
  const [password, setPassword] = useState('');
  const close = () => {
    setToEnd(null);
    setPassword('');
  };
  const currentId = query.data?.currentSessionId ?? '';
  const rows = useMemo(
    () => sortSessions(query.data?.sessions ?? [], currentId),
    [query.data?.sessions, currentId],
  );
  const isCurrent = (s: AccountSession) => s.sessionId === currentId;

  const columns: Column<AccountSession>[] = [
    {
      key: 'device',
      header: 'Cihaz',
      cell: (s) => (
        <Tooltip title={s.userAgent ?? ''}>
          <span>
            {describeUserAgent(s.userAgent)}{' '}
            {isCurrent(s) && <Chip size="small" color="secondary" label="Bu oturum" sx={{ ml: 0.5 }} />}
          </span>
        </Tooltip>
      ),
    },
    { key: 'ip', header: 'IP adresi', cell: (s) => s.ipAddress || '—', hideBelow: 'sm' },
    { key: 'created', header: 'Açılış', cell: (s) => formatDateTime(s.createdAt), hideBelow: 'md' },
    { key: 'lastUsed', header: 'Son kullanım', cell: (s) => formatDateTime(s.lastUsedAt) },
    { key: 'expires', header: 'Bitiş', cell: (s) => formatDateTime(s.expiresAt), hideBelow: 'md' },
    {
      key: 'actions',
      header: 'İşlemler',
      align: 'right',
      cell: (s) => (
        <Button
          size="small"
          color="error"
          aria-label={
            isCurrent(s) ? 'Bu oturumu sonlandır' : `${describeUserAgent(s.userAgent)} oturumunu sonlandır`
          }
          onClick={() => setToEnd(s)}
        >
          Sonlandır
        </Button>
      ),
    },
  ];

  async function confirmEnd() {
    if (!toEnd) return;
    if (isCurrent(toEnd)) {
      close();
      await logout();
      return;
    }
    if (!password) return;
    endSession.mutate({ sessionId: toEnd.sessionId, currentPassword: password }, { onSuccess: close });
  }

  return (
    <Section
      title="Oturumlar"
      subtitle="Hesabınızın açık olduğu cihazlar. Tanımadığınız bir oturumu sonlandırabilirsiniz."
    >
      {query.isPending ? (
        <CircularProgress size={24} />
      ) : query.isError ? (
        <Alert severity="error">Oturumlar yüklenemedi: {errorText(query.error)}</Alert>
      ) : (
        <PaginatedTable
          ariaLabel="Oturumlar"
          rows={rows}
          columns={columns}
          rowKey={(s) => s.sessionId}
          emptyText="Açık oturum yok."
          defaultPageSize={SESSIONS_PAGE_SIZE}
        />
      )}
      <ConfirmDialog
        open={toEnd !== null}
        title="Oturumu sonlandır"
        confirmLabel="Sonlandır"
        destructive
        busy={endSession.isPending}
        onClose={close}
        onConfirm={() => void confirmEnd()}
      >
        {toEnd && isCurrent(toEnd) ? (
          <Typography component="span">
            Bu, şu an kullandığınız oturum. Sonlandırırsanız çıkış yapılır.
          </Typography>
        ) : (
          <Typography component="span">
            <strong>{describeUserAgent(toEnd?.userAgent)}</strong> ({toEnd?.ipAddress || 'IP bilinmiyor'})
            oturumu sonlandırılacak; o cihazda yeniden giriş yapmak gerekir.
            <TextField
              label="Mevcut Şifre"
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              margin="normal"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void confirmEnd();
              }}
            />
          </Typography>
        )}
      </ConfirmDialog>
    </Section>
  );
}
