import { ButtonLink } from '@web/components/ui/button-link';

type Model = { id: string; name: string };

/** "Generate Images" with this model chosen on the generator (spec part 2 §2: `?modelId=`). */
export function GenerateWithModel({ model, size }: { model: Model; size?: 'sm' }) {
  return (
    <ButtonLink
      size={size}
      to={`/generate?modelId=${encodeURIComponent(model.id)}`}
      aria-label={`Generate Images with ${model.name}`}
    >
      Generate Images
    </ButtonLink>
  );
}

/** "View Details": the model's own page. */
export function ModelDetailsLink({ model, size }: { model: Model; size?: 'sm' }) {
  return (
    <ButtonLink
      size={size}
      variant="outline"
      to={`/models/${encodeURIComponent(model.id)}`}
      aria-label={`View Details of ${model.name}`}
    >
      View Details
    </ButtonLink>
  );
}

/**
 * The step a model needs next, the one place the dashboard and My Models decide it (issue 45 N9):
 * photos for a new model, training once they are in, images once it is ready. A model in training
 * or failed has none here; its details page says what is going on.
 */
export function ModelNextStep({ model, size }: { model: Model & { status: string }; size?: 'sm' }) {
  if (model.status === 'ready') return <GenerateWithModel model={model} size={size} />;
  const id = encodeURIComponent(model.id);
  const step =
    model.status === 'pending'
      ? { to: `/models/${id}/upload`, text: 'Upload Photos', label: `Upload Photos for ${model.name}` }
      : model.status === 'uploaded'
        ? { to: `/models/${id}`, text: 'Start Training', label: `Start Training ${model.name}` }
        : null;
  if (!step) return null;
  return (
    <ButtonLink size={size} to={step.to} aria-label={step.label}>
      {step.text}
    </ButtonLink>
  );
}
