import { useState } from 'react';
import type { PublicUser } from '@shared/schemas/user';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Badge } from '@web/components/ui/badge';
import { SectionCard } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { useUpdateNsfw } from '../api/settings-api';

export function ContentTab({ user }: { user: PublicUser }) {
  const nsfw = useUpdateNsfw();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const enabled = user.enableNSFW;

  async function save(next: boolean) {
    try {
      await nsfw.mutateAsync(next);
      toast({
        title: 'Settings updated',
        description: next
          ? 'NSFW content options are now enabled.'
          : 'NSFW content options are now disabled.',
      });
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  }

  return (
    <>
      <SectionCard
        title="Content"
        description="Choose which content you can see and generate."
        contentClassName="grid gap-4"
      >
        <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-4">
          <div className="grid gap-1.5">
            <div className="flex items-center gap-2">
              <Label htmlFor="nsfw-switch">Enable NSFW Options</Label>
              <Badge variant="red">18+</Badge>
            </div>
            <p id="nsfw-notice" className="text-sm text-muted-foreground">
              By enabling this option you confirm that you are at least 18 years old and you take full
              responsibility for the content you generate and view.
            </p>
          </div>
          <Switch
            id="nsfw-switch"
            checked={enabled}
            busy={nsfw.isPending}
            aria-describedby="nsfw-notice"
            onCheckedChange={(next) => {
              // Turning on needs the age confirmation first; turning off applies at once.
              if (next) setConfirmOpen(true);
              else void save(false);
            }}
          />
        </div>
      </SectionCard>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Age Verification Required"
        description="By enabling NSFW options, you confirm that:"
        confirmLabel="I Confirm I Am 18+ Years Old"
        onConfirm={() => void save(true)}
      >
        <ul className="ml-5 list-disc space-y-1 text-sm">
          <li>You are at least 18 years old</li>
          <li>You are legally permitted to view adult content in your jurisdiction</li>
          <li>You take full responsibility for the content you generate</li>
          <li>You will not generate or distribute illegal content</li>
        </ul>
      </ConfirmDialog>
    </>
  );
}
