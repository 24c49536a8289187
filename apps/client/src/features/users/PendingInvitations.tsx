import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PendingInvitation } from '@okul/domain';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PaginatedTable, type Column } from '../../components/PaginatedTable';
import { formatDateTime, roleLabel } from '../../lib/format';
import { canResend, isExpired, pendingInvitationsTitle } from './pending-invitations';
import { pendingInvitationsQueryOptions, useResendInvitation, useRevokeInvitation } from './queries';

/** Kullanıcılar: the invitations waiting for an answer, each sent again (e-mail ones) or revoked. */
export function PendingInvitations({ orgId }: { orgId: string }) {
  const { data: invitations } = useSuspenseQuery(pendingInvitationsQueryOptions(orgId));
  const resend = useResendInvitation(orgId);
  const revoke = useRevokeInvitation(orgId);
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  const now = new Date();

  const columns: Column<PendingInvitation>[] = [
    {
      key: 'who',
      header: 'Davet edilen',
      cell: (i) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {i.email}
          </Typography>
          {i.name && (
            <Typography variant="body2" color="text.secondary">
              {i.name}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'role',
      header: 'Rol',
      cell: (i) => <Chip size="small" variant="outlined" label={roleLabel(i.orgRoleId)} />,
    },
    { key: 'by', header: 'Davet eden', cell: (i) => i.invitedByName, hideBelow: 'md' },
    { key: 'sent', header: 'Gönderilme', cell: (i) => formatDateTime(i.lastSentAt), hideBelow: 'sm' },
    {
      key: 'valid',
      header: 'Geçerlilik',
      hideBelow: 'md',
      cell: (i) =>
        i.expiresAt === null ? (
          'Gelen kutusunda'
        ) : isExpired(i, now) ? (
          <Chip size="small" color="warning" label="Süresi doldu" />
        ) : (
          `${formatDateTime(i.expiresAt)} tarihine kadar`
        ),
    },
    {
      key: 'actions',
      header: 'İşlemler',
      align: 'right',
      cell: (i) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {canResend(i) && (
            <Button
              size="small"
              disabled={resend.isPending && resend.variables?.id === i.id}
              onClick={() => resend.mutate(i)}
            >
              Yeniden gönder
            </Button>
          )}
          <Button size="small" color="error" onClick={() => setRevoking(i)}>
            İptal et
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <section aria-labelledby="pending-invitations-title">
      <Typography id="pending-invitations-title" variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {pendingInvitationsTitle(invitations)}
      </Typography>
      <PaginatedTable
        ariaLabel="Bekleyen davetler"
        rows={invitations}
        columns={columns}
        rowKey={(i) => i.id}
        emptyText="Yanıt bekleyen davet yok."
      />
      <ConfirmDialog
        open={revoking !== null}
        title="Daveti iptal et"
        confirmLabel="İptal et"
        destructive
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking, { onSuccess: () => setRevoking(null) })}
      >
        <strong>{revoking?.email}</strong> adresine gönderilen davet iptal edilecek. Davet bağlantısı artık
        çalışmaz; kişiyi yeniden davet etmek isterseniz yeni bir davet gönderebilirsiniz.
      </ConfirmDialog>
    </section>
  );
}
