import { useState } from 'react';
import { Pencil, Search, UserCheck, UserX } from 'lucide-react';
import type { AdminUser } from '@shared/schemas/admin';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { useUser } from '@web/lib/session';
import { errorMessage } from '@web/lib/api';
import { formatNumber } from '@web/lib/format';
import { useAdminUsers, useSetUserStatus } from '../api/admin-api';
import { AddUserDialog } from './add-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { useDebounced } from '../hooks/use-debounced';
import { TabError } from './tab-error';
import { TBody, THead, Table, Td, Th, Tr, SkeletonRows } from '@web/components/ui/table';

export function UsersTab() {
  const { user: me } = useUser();
  const [search, setSearch] = useState('');
  const deferred = useDebounced(search.trim());
  const users = useAdminUsers(deferred);
  const setStatus = useSetUserStatus();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const rows = users.data?.pages.flatMap((p) => p.users) ?? [];

  async function changeStatus(u: AdminUser, status: 'active' | 'suspended') {
    try {
      await setStatus.mutateAsync({ userId: u.id, status });
      toast({
        variant: 'success',
        title: status === 'suspended' ? 'User suspended' : 'User activated',
        description:
          status === 'suspended'
            ? `${u.username} has been signed out and cannot sign in.`
            : `${u.username} can sign in again.`,
      });
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Update failed',
        description: errorMessage(err, 'Failed to update user status'),
      });
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative sm:w-80">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            className="pl-9"
            aria-label="Search users"
            placeholder="Search by username or email..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <AddUserDialog />
      </div>
      {users.isError ? (
        <TabError title="Failed to load users" error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <Table>
          <THead>
            <Tr>
              <Th>ID</Th>
              <Th>Username</Th>
              <Th>Email</Th>
              <Th>Tokens</Th>
              <Th title="Friends who signed up with the user's invite link, and how many of them paid a bonus">
                Referrals
              </Th>
              <Th>Status</Th>
              <Th>Role</Th>
              <Th className="text-right">Actions</Th>
            </Tr>
          </THead>
          <TBody>
            {users.isPending ? (
              <SkeletonRows rows={5} columns={8} />
            ) : (
              rows.map((u) => (
                <Tr key={u.id} data-testid="admin-user-row" data-username={u.username}>
                  <Td className="font-mono text-xs text-muted-foreground" title={u.id}>
                    {u.id.slice(0, 8)}
                  </Td>
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
                    <Badge variant={u.isAdmin ? 'default' : 'secondary'}>
                      {u.isAdmin ? 'Admin' : 'User'}
                    </Badge>
                  </Td>
                  <Td>
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Edit ${u.username}`}
                        onClick={() => setEditing(u)}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
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
              ))
            )}
            {users.isSuccess && rows.length === 0 ? (
              <Tr>
                <Td colSpan={8} className="py-8 text-center text-muted-foreground">
                  No users found.
                </Td>
              </Tr>
            ) : null}
          </TBody>
        </Table>
      )}
      {users.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void users.fetchNextPage()}
            disabled={users.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      ) : null}
      <EditUserDialog
        user={editing}
        currentUserId={me?.id ?? ''}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <AlertDialog open={Boolean(suspending)} onOpenChange={(open) => !open && setSuspending(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Suspend {suspending?.username}?</AlertDialogTitle>
            <AlertDialogDescription>
              They will be signed out everywhere and cannot sign in until an admin activates the account
              again.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              destructive
              onClick={() => suspending && void changeStatus(suspending, 'suspended')}
            >
              Suspend
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
