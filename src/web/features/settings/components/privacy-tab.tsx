import { DataExportCard } from './data-export-card';
import { DeleteAccountCard } from './delete-account-card';
import { FaceAnalysisCard } from './face-analysis-card';

/** Settings → Privacy: one card per choice, each owning its data and actions (issue 22). */
export function PrivacyTab() {
  return (
    <div className="grid gap-6">
      <FaceAnalysisCard />
      <DataExportCard />
      <DeleteAccountCard />
    </div>
  );
}
