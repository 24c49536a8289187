import EditIcon from '@mui/icons-material/Edit';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import LockIcon from '@mui/icons-material/Lock';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { PaginatedTable, type Column } from '../../components/PaginatedTable';
import { formatDate } from '../../lib/format';
import { useReadySession } from '../auth/useSession';
import { EditUserDialog } from './EditUserDialog';
import { InviteUserForm } from './InviteUserForm';
import { PendingInvitations } from './PendingInvitations';
import { organizationUsersQueryOptions, useRemoveOrganizationUser } from './queries';
import type { OrganizationUser } from '@okul/domain';
import { roleLabel } from '../../lib/format';
import { isFixedMember, usersTitle } from './users';

/**
 * /giris/kullanicilar (school-admin): the organisation's users, the invite form, the edit dialog and the
 * invitations waiting for an answer.
 */
export function UsersPage() {
  const { organization, user: me } = useReadySession();
  const orgId = organization.id;
  const { data: users } = useSuspenseQuery(organizationUsersQueryOptions(orgId));
  const [editing, setEditing] = useState<OrganizationUser | null>(null);
  const [removing, setRemoving] = useState<OrganizationUser | null>(null);
  const remove = useRemoveOrganizationUser(orgId);

  const columns: Column<OrganizationUser>[] = [
    {
      key: 'name',
      header: 'İsim',
      cell: (u) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {u.user.displayName || u.user.name}
          {u.user.id === me.id && (
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              (siz)
            </Typography>
          )}
        </Typography>
      ),
    },
    { key: 'email', header: 'E-posta', cell: (u) => u.user.email, hideBelow: 'sm' },
    {
      key: 'role',
      header: 'Rol',
      cell: (u) => (
        <Chip
          size="small"
          variant="outlined"
          color={isFixedMember(u.orgRoleId) ? 'primary' : 'default'}
          label={roleLabel(u.orgRoleId)}
        />
      ),
    },
    { key: 'added', header: 'Eklenme tarihi', cell: (u) => formatDate(u.addedAt), hideBelow: 'md' },
    {
      key: 'actions',
      header: 'İşlemler',
      align: 'right',
      width: 96,
      cell: (u) =>
        // product.md 6: a school-owner cannot be edited and is shown as fixed
        isFixedMember(u.orgRoleId) ? (
          <Tooltip title="Kurum sahibinin rolü sabittir">
            <Chip size="small" icon={<LockIcon />} label="Sabit" aria-label={`${u.user.email} sabit`} />
          </Tooltip>
        ) : (
          <>
            <Tooltip title="Düzenle">
              <IconButton
                size="small"
                aria-label={`${u.user.email} kullanıcısını düzenle`}
                onClick={() => setEditing(u)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            {u.user.id !== me.id && (
              <Tooltip title="Kurumdan çıkar">
                <IconButton
                  size="small"
                  color="error"
                  aria-label={`${u.user.email} kullanıcısını kurumdan çıkar`}
                  onClick={() => setRemoving(u)}
                >
                  <PersonRemoveIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={usersTitle(users)} subtitle={organization.name} />
      <InviteUserForm orgId={orgId} />
      <PaginatedTable
        ariaLabel="Kullanıcılar"
        rows={users}
        columns={columns}
        rowKey={(u) => u.user.id}
        emptyText="Henüz kullanıcı yok."
      />
      <PendingInvitations orgId={orgId} />
      <ConfirmDialog
        open={removing !== null}
        title="Kullanıcıyı kurumdan çıkar"
        confirmLabel="Çıkar"
        destructive
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.user.id, { onSuccess: () => setRemoving(null) })}
      >
        <strong>{removing?.user.displayName || removing?.user.name}</strong> ({removing?.user.email}) bu
        kurumdan çıkarılacak ve açık oturumları kurumun verilerine hemen erişemeyecek. Hesabı ve diğer
        kurumlardaki üyelikleri kalır.
      </ConfirmDialog>
      {editing && (
        <EditUserDialog
          key={editing.user.id}
          orgId={orgId}
          member={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
