import { formatDateTime } from '@web/lib/format';
import { usePrivacy, useSetFaceAnalysis } from '@web/lib/privacy';
import { FaceAnalysisNotice } from '@web/components/face-analysis-notice';
import { SectionCard } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';

/** Settings → Privacy: the face-analysis consent, changeable at any time (decision 025). */
export function FaceAnalysisCard() {
  const privacy = usePrivacy();
  const set = useSetFaceAnalysis('Update failed');
  const current = privacy.data?.privacy;

  async function save(next: boolean) {
    try {
      await set.mutateAsync(next);
      toast({
        title: next ? 'Face analysis on' : 'Face analysis off',
        description: next
          ? 'New photo checks will compare faces and score likeness.'
          : 'Every stored face descriptor and likeness score of yours is being deleted.',
      });
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  }

  return (
    <SectionCard
      title="Face analysis"
      description="Your choice, separate from everything else. You can change it at any time."
      contentClassName="grid gap-4"
    >
      <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-4">
        <div className="grid gap-1.5">
          <Label htmlFor="face-analysis-switch">Allow face analysis of my training photos</Label>
          <p className="text-sm text-muted-foreground">
            {!current
              ? 'Loading…'
              : current.faceAnalysisAt
                ? `${current.faceAnalysis ? 'On' : 'Off'} since ${formatDateTime(current.faceAnalysisAt)}.`
                : 'Off: you have not been asked yet.'}
          </p>
        </div>
        <Switch
          id="face-analysis-switch"
          checked={current?.faceAnalysis ?? false}
          disabled={!current}
          busy={set.isPending}
          aria-describedby="face-analysis-notice"
          onCheckedChange={(next) => void save(next)}
        />
      </div>
      <FaceAnalysisNotice id="face-analysis-notice" />
    </SectionCard>
  );
}
