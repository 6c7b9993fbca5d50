import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TICKET_PRIORITIES } from '@shared/constants';
import { createTicketSchema, TICKET_FIELDS_REQUIRED, type TicketPriority } from '@shared/schemas/support';
import { ticketPriorityLabel } from '@web/components/ticket-badges';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { useCreateTicket, useOwnModels } from '../api/support-api';

const NO_MODEL = 'none';

// The related model is not a form field: it follows the URL and the user's model list (below), and an
// id the list does not hold is sent as no model rather than refused.
const ticketFormSchema = createTicketSchema.pick({ subject: true, message: true, priority: true });

export function NewTicketForm({ initialModelId }: { initialModelId: string | null }) {
  const models = useOwnModels();
  const create = useCreateTicket();
  const form = useForm({
    resolver: zodResolver(ticketFormSchema),
    defaultValues: { subject: '', message: '', priority: 'medium' as TicketPriority },
    // the one message and a toast say what is missing; the focus stays where it was
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const invalid = Boolean(errors.subject || errors.message);
  const [modelId, setModelId] = useState<string>(initialModelId ?? NO_MODEL);

  // docs/product/decisions.md §17: a model named in the URL is chosen once the user's models are known to include it
  const knownModel = modelId === NO_MODEL || Boolean(models.data?.some((m) => m.id === modelId));
  const selectValue = models.isSuccess && !knownModel ? NO_MODEL : modelId;

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await create.mutateAsync({
          subject: values.subject,
          message: values.message,
          priority: values.priority,
          ...(selectValue !== NO_MODEL ? { modelId: selectValue } : {}),
        });
        toast({
          variant: 'success',
          title: 'Ticket submitted',
          description: 'Your support ticket has been submitted.',
        });
        form.reset();
        setModelId(NO_MODEL);
      } catch {
        // told by the error policy (src/web/lib/error-policy.ts)
      }
    },
    () => toast({ variant: 'destructive', title: 'Error', description: TICKET_FIELDS_REQUIRED }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Submit a New Ticket</CardTitle>
        <CardDescription>Describe your issue and we'll get back to you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="ticket-subject">Subject</Label>
            <Input
              id="ticket-subject"
              maxLength={200}
              {...form.register('subject')}
              placeholder="Brief description of the issue"
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={errors.subject ? 'ticket-fields-error' : undefined}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="ticket-message">Message</Label>
            <Textarea
              id="ticket-message"
              rows={5}
              maxLength={10000}
              {...form.register('message')}
              placeholder="Please provide as much detail as possible"
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'ticket-fields-error' : undefined}
            />
          </div>
          {invalid ? (
            <p id="ticket-fields-error" className="text-sm font-medium text-destructive-text">
              {TICKET_FIELDS_REQUIRED}
            </p>
          ) : null}
          <div className="grid gap-2">
            <Label htmlFor="ticket-priority">Priority</Label>
            <Controller
              control={form.control}
              name="priority"
              render={({ field }) => (
                <Select value={field.value} onValueChange={(v) => field.onChange(v as TicketPriority)}>
                  <SelectTrigger id="ticket-priority">
                    <SelectValue>{field.value ? ticketPriorityLabel(field.value) : null}</SelectValue>
                  </SelectTrigger>
                  <SelectContent>
                    {TICKET_PRIORITIES.map((p) => (
                      <SelectItem key={p} value={p}>
                        {ticketPriorityLabel(p)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="ticket-model">Related Model (optional)</Label>
            <Select value={selectValue} onValueChange={setModelId} disabled={models.isPending}>
              <SelectTrigger id="ticket-model">
                <SelectValue placeholder={models.isPending ? 'Loading models...' : 'None'}>
                  {selectValue === NO_MODEL ? 'None' : models.data?.find((m) => m.id === selectValue)?.name}
                </SelectValue>
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_MODEL}>None</SelectItem>
                {models.data?.map((m) => (
                  <SelectItem key={m.id} value={m.id}>
                    {m.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {models.isError ? (
              <p className="text-sm text-destructive-text">Failed to load your models. Please try again.</p>
            ) : null}
          </div>
          <Button type="submit" pending={create.isPending}>
            Submit Ticket
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
