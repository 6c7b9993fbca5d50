import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';

type Model = { id: string; name: string };

/** "Generate Images" with this model chosen on the generator (spec part 2 §2: `?modelId=`). */
export function GenerateWithModel({ model, size }: { model: Model; size?: 'sm' }) {
  return (
    <Button size={size} asChild>
      <Link
        to={`/generate?modelId=${encodeURIComponent(model.id)}`}
        aria-label={`Generate Images with ${model.name}`}
      >
        Generate Images
      </Link>
    </Button>
  );
}

/** "View Details": the model's own page. */
export function ModelDetailsLink({ model, size }: { model: Model; size?: 'sm' }) {
  return (
    <Button size={size} variant="outline" asChild>
      <Link to={`/models/${encodeURIComponent(model.id)}`} aria-label={`View Details of ${model.name}`}>
        View Details
      </Link>
    </Button>
  );
}
