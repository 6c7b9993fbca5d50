import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/card';

type Props = {
  title: ReactNode;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** more props of the form (the lazy resolver's `preloadOnUse`) */
  formProps?: Omit<ComponentProps<'form'>, 'onSubmit' | 'children'>;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
};

/** A settings form as a card: its fields, and the one button that saves them in the card's footer. */
export function SettingsFormCard({ submitLabel, submitting, children, ...card }: Props) {
  return (
    <SectionCard
      {...card}
      contentClassName="grid gap-4"
      footer={
        <Button type="submit" pending={submitting}>
          {submitLabel}
        </Button>
      }
    >
      {children}
    </SectionCard>
  );
}
