// Kept apart from schemas/generation.ts so the generator page can show them without loading zod.
// Spec part 2 §5 texts, shown as "<title> - <description>" toasts by the generator.
export const GENERATE_TEXTS = {
  authRequired: ['Authentication required', 'You must be logged in to generate images.'],
  baseModelRequired: ['Base model required', 'Please select a base model for image generation.'],
  baseModelInvalid: ['Invalid base model', 'Please select a valid base model for image generation'],
  promptRequired: ['Prompt required', 'Please enter a prompt to describe what you want to generate.'],
  insufficient: ['Insufficient tokens', ''],
  invalidFileType: ['Invalid file type', 'Please select an image file (JPEG, PNG, etc.).'],
} as const;

export function insufficientTokensText(cost: number, count: number, balance: number) {
  return `You need ${cost} tokens to generate ${count} image(s). Current balance: ${balance}.`;
}

/** A photo pack the balance does not cover: said in its dialog before any click, and by the server. */
export function packInsufficientTokensText(price: number, photos: number, balance: number) {
  return `This pack's ${photos} photos cost ${price} tokens; your balance is ${balance}, ${Math.max(0, price - balance)} short.`;
}

export const MAX_SEED = 2_147_483_647;
