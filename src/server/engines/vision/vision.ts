import type { StructuredAnalysis } from '../../../shared/schemas/generation';

export type ImageAnalysis = { structuredAnalysis: StructuredAnalysis; formattedPrompt: string };

/** Image → prompt help for the generator's image helper. The input is a decoded, validated picture. */
export interface VisionEngine {
  readonly name: 'offline' | 'runware';
  analyze(image: Buffer): Promise<ImageAnalysis>;
}
