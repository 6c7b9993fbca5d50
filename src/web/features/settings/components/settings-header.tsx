import { Coins } from 'lucide-react';
import type { PublicUser } from '@shared/schemas/user';
import { formatTokens, initials } from '@web/lib/format';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Card } from '@web/components/ui/card';
import { ButtonLink } from '@web/components/ui/button-link';

export function SettingsHeader({ user }: { user: PublicUser }) {
  return (
    <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
      <Avatar className="size-16 text-xl">
        {user.avatarUrl ? <AvatarImage src={user.avatarUrl} alt="" /> : null}
        <AvatarFallback>{initials(user.username)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <p className="truncate text-xl font-semibold">{user.username}</p>
        <p className="truncate text-muted-foreground">{user.email}</p>
      </div>
      <div className="flex items-center gap-3 rounded-lg bg-muted px-4 py-2">
        <Coins className="size-5 text-primary-text" aria-hidden="true" />
        <div>
          <p className="text-xs text-muted-foreground">Token balance</p>
          <p className="font-semibold">{formatTokens(user.tokenBalance)}</p>
        </div>
        <ButtonLink size="sm" variant="outline" className="ml-2" to="/tokens/purchase">
          Top up
        </ButtonLink>
      </div>
    </Card>
  );
}
