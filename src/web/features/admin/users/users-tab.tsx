import { useState } from 'react';
import { Pencil, UserCheck, UserX } from 'lucide-react';
import type { AdminUser } from '@shared/schemas/admin';
import { useDebouncedSearch } from '@web/lib/use-debounced';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { toast } from '@web/components/ui/use-toast';
import { useUser } from '@web/lib/session';
import { formatNumber } from '@web/lib/format';
import { Td, Tr } from '@web/components/ui/table';
import { AdminSearch, failureOf } from '../shared/admin-list';
import { ACTIONS_COLUMN, AdminTable, IdCell, RowIconButton } from '../shared/admin-table';
import { afterChange } from '../shared/admin-queries';
import { useAdminUsers, useSetUserStatus } from './api/users-api';
import { AddUserDialog } from './components/add-user-dialog';
import { EditUserDialog } from './components/edit-user-dialog';

const COLUMNS = [
  'ID',
  'Username',
  'Email',
  'Tokens',
  {
    key: 'referrals',
    header: 'Referrals',
    title: "Friends who signed up with the user's invite link, and how many of them paid a bonus",
  },
  'Status',
  'Role',
  ACTIONS_COLUMN,
];

export function UsersTab() {
  const { user: me } = useUser();
  const search = useDebouncedSearch();
  const users = useAdminUsers(search.query);
  const setStatus = useSetUserStatus();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const rows = users.data?.pages.flatMap((p) => p.items) ?? [];

  const changeStatus = (u: AdminUser, status: 'active' | 'suspended') =>
    afterChange(setStatus.mutateAsync({ userId: u.id, status }), () =>
      toast({
        variant: 'success',
        title: status === 'suspended' ? 'User suspended' : 'User activated',
        description:
          status === 'suspended'
            ? `${u.username} has been signed out and cannot sign in.`
            : `${u.username} can sign in again.`,
      }),
    );

  return (
    <>
      <AdminTable
        filters={
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <AdminSearch search={search} label="Search users" placeholder="Search by username or email..." />
            <AddUserDialog />
          </div>
        }
        failure={failureOf(users, 'Failed to load users')}
        columns={COLUMNS}
        rows={rows}
        loading={users.isPending}
        skeletonRows={5}
        empty="No users found."
        pages={users}
      >
        {(u) => (
          <Tr key={u.id} data-testid="admin-user-row" data-username={u.username}>
            <IdCell id={u.id} />
            <Td className="font-medium">{u.username}</Td>
            <Td className="max-w-56 truncate" title={u.email}>
              {u.email}
            </Td>
            <Td>{formatNumber(u.tokenBalance)}</Td>
            <Td data-testid="admin-user-referrals">
              {u.referrals
                ? `${formatNumber(u.referrals.invited)} (${formatNumber(u.referrals.paid)} paid)`
                : '—'}
            </Td>
            <Td>
              <Badge variant={u.status === 'active' ? 'green' : 'red'}>
                {u.status === 'active' ? 'Active' : 'Suspended'}
              </Badge>
              {u.paymentFlag && (
                <Badge variant="red" className="ml-1" title={u.paymentFlag.reason}>
                  {u.tokensOwed > 0 ? `Owes ${formatNumber(u.tokensOwed)}` : 'Payment flag'}
                </Badge>
              )}
            </Td>
            <Td>
              <Badge variant={u.isAdmin ? 'default' : 'secondary'}>{u.isAdmin ? 'Admin' : 'User'}</Badge>
            </Td>
            <Td>
              <div className="flex justify-end gap-1">
                <RowIconButton label={`Edit ${u.username}`} icon={Pencil} onClick={() => setEditing(u)} />
                {u.status === 'active' ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={u.id === me?.id || setStatus.isPending}
                    title={u.id === me?.id ? 'You cannot suspend yourself' : undefined}
                    onClick={() => setSuspending(u)}
                  >
                    <UserX aria-hidden="true" />
                    Suspend
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={setStatus.isPending}
                    onClick={() => void changeStatus(u, 'active')}
                  >
                    <UserCheck aria-hidden="true" />
                    Activate
                  </Button>
                )}
              </div>
            </Td>
          </Tr>
        )}
      </AdminTable>
      <EditUserDialog
        user={editing}
        currentUserId={me?.id ?? ''}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog
        open={Boolean(suspending)}
        onOpenChange={(open) => !open && setSuspending(null)}
        title={`Suspend ${suspending?.username}?`}
        description="They will be signed out everywhere and cannot sign in until an admin activates the account again."
        confirmLabel="Suspend"
        destructive
        onConfirm={() => suspending && void changeStatus(suspending, 'suspended')}
      />
    </>
  );
}
