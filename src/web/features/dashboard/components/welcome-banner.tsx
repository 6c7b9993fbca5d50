import { Sparkles } from 'lucide-react';
import { ButtonLink } from '@web/components/ui/button-link';

export function WelcomeBanner({ username }: { username: string }) {
  return (
    <section
      aria-labelledby="welcome-title"
      className="relative overflow-hidden rounded-2xl border border-border bg-gradient-to-br from-primary/15 via-background to-accent/15 p-6 sm:p-8"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-2">
          <h2 id="welcome-title" className="flex items-center gap-2 text-xl font-bold sm:text-2xl">
            <Sparkles className="size-5 text-primary-text" aria-hidden="true" />
            Welcome to LoRA Studio, {username}!
          </h2>
          <p className="max-w-2xl text-muted-foreground">
            Create your personal AI model: upload 10-20 photos of yourself, train the model, then generate
            images of yourself in any style.
          </p>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          <ButtonLink to="/models/create">Create First Model</ButtonLink>
          <ButtonLink variant="outline" to="/#how-it-works">
            Learn how it works
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
