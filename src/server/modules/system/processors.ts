import type { Processor } from '../../../shared/schemas/system';
import type { EngineNames } from '../../../shared/schemas/system';

/**
 * The vendors that receive personal data with the engines live right now (decision 025), in the
 * words the Privacy page and the landing page show. The self-hosted engines (ComfyUI, decision 059)
 * run on the operator's own machines and are no processor: they add nothing here. Derived from
 * the same engine choice the server runs with, so the published list cannot disagree with what happens.
 */
export function liveProcessors(names: EngineNames): Processor[] {
  const out: Processor[] = [];
  if (names.training === 'replicate') {
    out.push({
      name: 'Replicate',
      purpose: 'Training your model',
      data: 'Your training photos (as one zip) and the model settings',
      retention:
        'Replicate removes API inputs and outputs about an hour after the training; the trained weights are copied to this server, and the model version on Replicate is deleted with your account',
      photos: true,
    });
  }
  const runware = (['hosting', 'images', 'vision'] as const).filter((k) => names[k] === 'runware');
  if (runware.length > 0) {
    const what = {
      hosting: 'hosting your trained model',
      images: 'generating images',
      vision: 'describing an image you ask it to analyse',
    };
    out.push({
      name: 'Runware',
      purpose: runware
        .map((k) => what[k])
        .join(', ')
        .replace(/^./, (c) => c.toUpperCase()),
      data: "Your model's trained weights, your prompts and the images made from them; never your training photos",
      retention:
        "Runware offers no way to remove an uploaded model, so the hosted weights stay on the operator's Runware account even after your account is deleted; generated images are copied here and Runware's links expire",
      photos: false,
    });
  }
  if (names.payments === 'stripe') {
    out.push({
      name: 'Stripe',
      purpose: 'Card payments',
      data: 'Your card details (entered with Stripe directly, never seen by this server) and the amount paid',
      retention: "Stripe's own retention for payment records, which the law requires",
      photos: false,
    });
  }
  if (names.mail === 'smtp') {
    out.push({
      name: 'SMTP',
      purpose: 'Sending e-mail (verification, password reset, notices)',
      data: 'Your e-mail address and the message',
      retention: "The mail provider's own retention",
      photos: false,
    });
  }
  if (names.storage === 's3') {
    out.push({
      name: 'S3',
      purpose: 'Storing files',
      data: 'Your training photos, models and generated images',
      retention: 'The same schedule as this server: a deleted file is deleted from the bucket',
      photos: true,
    });
  }
  return out;
}
