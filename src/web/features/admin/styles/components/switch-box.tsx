import type { ReactNode } from 'react';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';

/** A switch in its own bordered box, with its label and the line that says what it does. */
export function SwitchBox({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  id: string;
  label: ReactNode;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-border p-4">
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} aria-describedby={`${id}-hint`} />
      <div className="grid gap-1">
        <Label htmlFor={id} className="flex items-center gap-2">
          {label}
        </Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
