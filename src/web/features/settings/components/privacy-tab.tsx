import { DataExportCard } from './data-export-card';
import { DeleteAccountCard } from './delete-account-card';

/** Settings → Privacy: each card owns its data and actions (issue 22). */
export function PrivacyTab() {
  return (
    <div className="grid gap-6">
      <DataExportCard />
      <DeleteAccountCard />
    </div>
  );
}
