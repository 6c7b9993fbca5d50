import { Link } from 'react-router';
import { Coins, Plus, WandSparkles } from 'lucide-react';
import { Section } from '@web/components/ui/section';

const ACTIONS = [
  {
    to: '/models/create',
    title: 'Create a Model',
    text: 'Upload photos and train a personal model',
    icon: Plus,
  },
  {
    to: '/models',
    title: 'Generate Images',
    text: 'Pick one of your models and create images',
    icon: WandSparkles,
  },
  {
    to: '/tokens/purchase',
    title: 'Purchase Tokens',
    text: 'Top up your balance, pay as you go',
    icon: Coins,
  },
] as const;

export function QuickActions() {
  return (
    <Section titleId="quick-actions-title" title="Quick Actions" className="space-y-3">
      <ul className="grid gap-3 sm:grid-cols-3">
        {ACTIONS.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-sm transition-colors outline-none hover:border-primary/60 hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary-text">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="grid gap-0.5">
                <span className="font-medium">{title}</span>
                <span className="text-sm text-muted-foreground">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
