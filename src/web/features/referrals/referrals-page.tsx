import { Gift, Users } from 'lucide-react';
import { REFERRAL_BONUS } from '@shared/constants';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CopyField } from '@web/components/copy-field';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { REFERRALS_HEADER } from './page-headers';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/session';
import { errorMessage } from '@web/lib/api';
import { formatDate, formatNumber } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { useReferrals } from './api/referrals-api';

export function ReferralsPage() {
  usePageTitle(REFERRALS_HEADER.title);
  const { user } = useUser();
  const referrals = useReferrals();
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <PageHeader {...REFERRALS_HEADER} />

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Gift aria-hidden="true" className="size-5" />
            How it works
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            <li>Share your invite link (or your code) with a friend.</li>
            <li>Your friend signs up with it and verifies their e-mail address.</li>
            <li>
              You get {REFERRAL_BONUS} tokens and your friend gets {REFERRAL_BONUS} tokens on top of the
              sign-up bonus, once per invited account.
            </li>
          </ol>
        </CardContent>
      </Card>

      {referrals.isPending ? (
        <Skeleton className="h-48 w-full rounded-xl" />
      ) : referrals.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(referrals.error, 'Failed to load your referrals. Please try again.')}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void referrals.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <div className="grid gap-6 md:grid-cols-[1.6fr_1fr]">
            <Card>
              <CardHeader>
                <CardTitle>Your invite</CardTitle>
                <CardDescription>Anyone who signs up through this link is linked to you.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <CopyField
                  id="referral-link"
                  label="Invite link"
                  ariaLabel="Copy invite link"
                  value={referrals.data.link}
                />
                <CopyField
                  id="referral-code"
                  label="Referral code"
                  ariaLabel="Copy referral code"
                  value={referrals.data.code}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Bonuses earned</CardTitle>
                <CardDescription>From friends who joined and verified their e-mail.</CardDescription>
              </CardHeader>
              <CardContent>
                <p className="text-3xl font-bold tabular-nums">
                  {formatNumber(referrals.data.bonusEarned)} tokens
                </p>
                <p className="mt-1 text-sm text-muted-foreground">
                  {referrals.data.invited.length} {referrals.data.invited.length === 1 ? 'friend' : 'friends'}{' '}
                  invited
                </p>
              </CardContent>
            </Card>
          </div>

          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Users aria-hidden="true" className="size-5" />
                Invited friends
              </CardTitle>
            </CardHeader>
            <CardContent>
              {referrals.data.invited.length === 0 ? (
                <EmptyState
                  icon={<Users />}
                  title="No invited friends yet"
                  description="Share your invite link: friends who sign up with it appear here."
                />
              ) : (
                <ul className="divide-y divide-border">
                  {referrals.data.invited.map((friend) => (
                    <li
                      key={`${friend.username}-${friend.createdAt}`}
                      className="flex flex-wrap items-center justify-between gap-2 py-3"
                    >
                      <div>
                        <p className="font-medium">{friend.username}</p>
                        <p className="text-sm text-muted-foreground">Joined {formatDate(friend.createdAt)}</p>
                      </div>
                      {friend.status === 'granted' ? (
                        <Badge variant="green">+{friend.bonusTokens} tokens</Badge>
                      ) : friend.status === 'pending' ? (
                        <Badge variant="amber">Waiting for e-mail verification</Badge>
                      ) : (
                        <Badge variant="gray" className="whitespace-normal">
                          {friend.status === 'duplicate'
                            ? 'No bonus: this mailbox already earned one'
                            : 'No bonus: monthly referral limit reached'}
                        </Badge>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
