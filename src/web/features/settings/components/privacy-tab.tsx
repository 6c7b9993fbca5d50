import { FaceAnalysisCard } from './face-analysis-card';

/** Settings → Privacy: one card per choice, each in its own file. */
export function PrivacyTab() {
  return (
    <div className="grid gap-6">
      <FaceAnalysisCard />
    </div>
  );
}
