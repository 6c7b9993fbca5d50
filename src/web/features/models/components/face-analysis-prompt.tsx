import { Link } from 'react-router';
import { Fingerprint } from 'lucide-react';
import { usePrivacy, useSetFaceAnalysis } from '@web/lib/privacy';
import { FaceAnalysisNotice } from '@web/components/face-analysis-notice';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/**
 * Asks once for the face-analysis consent (decision 025), before the first photos: shown only while
 * the user has never answered. Either answer is recorded; Settings → Privacy changes it later.
 */
export function FaceAnalysisPrompt() {
  const privacy = usePrivacy();
  const set = useSetFaceAnalysis('Could not save');
  if (!privacy.data || privacy.data.privacy.faceAnalysisAt) return null;

  const answer = async (yes: boolean) => {
    try {
      await set.mutateAsync(yes);
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  };

  return (
    <Card aria-labelledby="face-prompt-title">
      <CardHeader>
        <CardTitle id="face-prompt-title" role="heading" aria-level={2} className="flex items-center gap-2">
          <Fingerprint aria-hidden="true" className="size-5" />
          May we analyse the faces in your photos?
        </CardTitle>
        <CardDescription>You choose once here; change it any time in Settings → Privacy.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FaceAnalysisNotice />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" disabled={set.isPending} onClick={() => void answer(false)}>
            No, skip face analysis
          </Button>
          <Button disabled={set.isPending} onClick={() => void answer(true)}>
            Yes, allow face analysis
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Says why "different person" and the likeness score are missing when face analysis is off. */
export function FaceAnalysisOffNote() {
  const privacy = usePrivacy();
  if (!privacy.data || privacy.data.privacy.faceAnalysis) return null;
  return (
    <Alert>
      <Fingerprint aria-hidden="true" />
      <AlertTitle>Face analysis is off</AlertTitle>
      <AlertDescription>
        The photo checks still look for a missing face, several people, a small, blurry, dark or bright face;
        the &ldquo;different person&rdquo; check and likeness scores stay off.{' '}
        <Link to="/settings?tab=privacy" className="underline underline-offset-4">
          Change this in Settings → Privacy
        </Link>
        .
      </AlertDescription>
    </Alert>
  );
}
