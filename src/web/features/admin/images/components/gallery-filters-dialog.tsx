import { useEffect, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogHeading, DialogFooter } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { useGalleryFilterOptions } from '../api/admin-gallery-api';
import { EMPTY_FILTERS, type Filters } from './gallery-filters';

function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: [string, string][];
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue>{options.find(([v]) => v === value)?.[1]}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          {options.map(([v, l]) => (
            <SelectItem key={v} value={v}>
              {l}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** The filter dialog: edits a draft, applied (or cleared) only on the footer's buttons. */
export function GalleryFiltersDialog({
  open,
  onOpenChange,
  filters,
  onApply,
  seenUsers,
  seenModels,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: Filters;
  onApply: (filters: Filters) => void;
  /** users and models to filter by: the ones seen so far (plus the one chosen) */
  seenUsers: [string, string][];
  seenModels: [string, string][];
}) {
  const [draft, setDraft] = useState<Filters>(filters);
  const { baseModels, styles } = useGalleryFilterOptions();
  // each opening starts from the filters in force
  useEffect(() => {
    if (open) setDraft(filters);
  }, [open, filters]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeading
          title="Filter images"
          description="Narrow the gallery by date, user, model, style, content and size."
        />
        <div className="grid gap-3">
          <FilterSelect
            id="f-date"
            label="Date"
            value={draft.date}
            onChange={(v) => setDraft({ ...draft, date: v as Filters['date'] })}
            options={[
              ['all', 'All time'],
              ['today', 'Today'],
              ['week', 'Last 7 days'],
              ['month', 'Last 30 days'],
              ['custom', 'A specific day'],
            ]}
          />
          {draft.date === 'custom' ? (
            <div className="grid gap-1.5">
              <Label htmlFor="f-day">Day</Label>
              <Input
                id="f-day"
                type="date"
                value={draft.customDate}
                onChange={(e) => setDraft({ ...draft, customDate: e.target.value })}
              />
            </div>
          ) : null}
          <FilterSelect
            id="f-user"
            label="User"
            value={draft.userId}
            onChange={(v) => setDraft({ ...draft, userId: v })}
            options={[['all', 'All users'], ...seenUsers]}
          />
          <FilterSelect
            id="f-model"
            label="Model"
            value={draft.modelId}
            onChange={(v) => setDraft({ ...draft, modelId: v })}
            options={[['all', 'All models'], ...seenModels]}
          />
          <FilterSelect
            id="f-style"
            label="Style"
            value={draft.styleId}
            onChange={(v) => setDraft({ ...draft, styleId: v })}
            options={[
              ['all', 'All styles'],
              ['custom', 'Custom'],
              ...(styles.data ?? []).map((s) => [s.id, s.name] as [string, string]),
            ]}
          />
          <FilterSelect
            id="f-base"
            label="Base model"
            value={draft.baseModelId}
            onChange={(v) => setDraft({ ...draft, baseModelId: v })}
            options={[
              ['all', 'All base models'],
              ...(baseModels.data ?? []).map((b) => [b.id, b.name] as [string, string]),
            ]}
          />
          <FilterSelect
            id="f-nsfw"
            label="Content"
            value={draft.nsfw}
            onChange={(v) => setDraft({ ...draft, nsfw: v as Filters['nsfw'] })}
            options={[
              ['all', 'All'],
              ['safe', 'Safe only'],
              ['nsfw', 'NSFW only'],
            ]}
          />
          <FilterSelect
            id="f-size"
            label="Size"
            value={draft.size}
            onChange={(v) => setDraft({ ...draft, size: v as Filters['size'] })}
            options={[
              ['all', 'All sizes'],
              ['hd', 'HD (1024 px and up)'],
              ['standard', 'Standard'],
            ]}
          />
        </div>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              onApply(EMPTY_FILTERS);
            }}
          >
            Clear
          </Button>
          <Button
            onClick={() => {
              onApply(draft);
            }}
          >
            Apply
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
