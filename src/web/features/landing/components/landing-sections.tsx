import {
  Coins,
  Gift,
  Palette,
  ShieldCheck,
  Upload,
  WandSparkles,
  Zap,
  BrainCircuit,
  Gem,
} from 'lucide-react';

const STEPS = [
  {
    icon: Upload,
    title: 'Upload Photos',
    text: 'Upload 10-20 clear photos of yourself from different angles and with different expressions.',
  },
  {
    icon: BrainCircuit,
    title: 'Train Your Model',
    text: 'We train a personal AI model that learns your features. Training takes about 30-60 minutes.',
  },
  {
    icon: WandSparkles,
    title: 'Generate Images',
    text: 'Describe any scene or pick a style preset and create images of yourself in seconds.',
  },
] as const;

const FEATURES = [
  {
    icon: Gem,
    title: 'Premium Quality',
    text: 'High-resolution images with true-to-life detail, ready for profiles, prints and portfolios.',
  },
  {
    icon: ShieldCheck,
    title: 'Privacy First',
    // null: photoClaim() says it from the live configuration (decision 025)
    text: null,
  },
  {
    icon: Coins,
    title: 'Pay As You Go',
    text: 'Buy tokens only when you need them. No monthly subscription.',
  },
  {
    icon: Palette,
    title: 'Style Presets',
    text: 'Professional, artistic, fantasy and more: one click to a new look.',
  },
  {
    icon: Gift,
    title: 'Referral Program',
    text: 'Invite a friend and you both receive bonus tokens.',
  },
  {
    icon: Zap,
    title: 'Fast Generation',
    text: 'Once your model is trained, new images arrive in seconds.',
  },
] as const;

/** The three steps from photos to a personal model (the dashboard links to #how-it-works). */
export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="scroll-mt-16 border-t border-border bg-muted/40"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="how-it-works-title" className="text-center text-3xl font-bold tracking-tight">
          How It Works
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
          Three simple steps from your photos to a personal AI model.
        </p>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative rounded-xl border border-border bg-card p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <Icon className="size-6 text-primary-text" aria-hidden="true" />
              </div>
              <h3 className="mt-4 text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The six selling points; the privacy one is said from the live configuration. */
export function KeyFeatures({ claim }: { claim: string }) {
  return (
    <section aria-labelledby="features-title" className="border-t border-border">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
          Key Features
        </h2>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-border bg-card p-6">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent/15 text-accent-text">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text ?? claim}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
