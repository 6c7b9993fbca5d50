import { useState } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '@shared/schemas/audit';
import { useDebounced } from '@web/lib/use-debounced';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import type { AuditFilters } from '../shared/admin-query-keys';
import { failureOf } from '../shared/admin-list';
import { useAuditLog } from './api/audit-api';
import { AuditTable } from './components/audit-table';

const ALL = 'all';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who changed what, on whom and when: GET /api/admin/audit with its filters (decision 027). */
export function AuditTab() {
  const [action, setAction] = useState<AuditAction | typeof ALL>(ALL);
  const [target, setTarget] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const settledTarget = useDebounced(target.trim());

  // a half-typed id or an inverted range is not sent: the field says what is wrong instead
  const targetError =
    settledTarget && !UUID.test(settledTarget)
      ? 'Enter a full user id (as shown in the Users tab)'
      : undefined;
  const rangeError = from && to && from > to ? 'The start date must be on or before the end date' : undefined;
  const filters: AuditFilters = {
    action: action === ALL ? undefined : action,
    targetUserId: settledTarget && !targetError ? settledTarget.toLowerCase() : undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const log = useAuditLog(filters, !rangeError);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = action !== ALL || target || from || to;

  function clear() {
    setAction(ALL);
    setTarget('');
    setFrom('');
    setTo('');
  }

  const filterForm = (
    <>
      <p className="text-sm text-muted-foreground">
        Every change an admin makes, newest first. Entries cannot be edited; they are deleted automatically
        once older than the retention period.
      </p>
      <form
        role="search"
        aria-label="Filter the audit log"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,1fr)_minmax(14rem,1.4fr)_auto_auto_auto] lg:items-start"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="grid gap-2">
          <Label htmlFor="audit-action">Action</Label>
          <Select value={action} onValueChange={(v) => setAction(v as AuditAction | typeof ALL)}>
            <SelectTrigger id="audit-action">
              <SelectValue>{action === ALL ? 'All actions' : AUDIT_ACTION_LABELS[action]}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All actions</SelectItem>
              {AUDIT_ACTIONS.map((a) => (
                <SelectItem key={a} value={a}>
                  {AUDIT_ACTION_LABELS[a]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <FormField id="audit-target" label="Target user id" error={targetError}>
          {(control) => (
            <Input
              {...control}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              placeholder="e.g. 3f2b…"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
            />
          )}
        </FormField>
        <FormField id="audit-from" label="From">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
            />
          )}
        </FormField>
        <FormField id="audit-to" label="To" error={rangeError}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
            />
          )}
        </FormField>
        <div className="grid gap-2">
          {/* keeps the button on the inputs' line where the fields sit side by side */}
          <span aria-hidden="true" className="hidden h-3.5 lg:block" />
          <Button type="button" variant="outline" onClick={clear} disabled={!filtered}>
            Clear filters
          </Button>
        </div>
      </form>
    </>
  );

  return (
    <AuditTable
      filters={filterForm}
      failure={failureOf(log, 'Failed to load the audit log')}
      entries={entries}
      loading={log.isPending && !rangeError}
      pages={log}
      pager={{ busyLabel: 'Loading…' }}
    />
  );
}
