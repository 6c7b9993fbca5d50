import type { StructuredAnalysis } from '../../../shared/schemas/generation';
import type { FaceEngine } from './faces';

export type ImageAnalysis = { structuredAnalysis: StructuredAnalysis; formattedPrompt: string };

/** Image → prompt help for the generator's image helper. The input is a decoded, validated picture. */
export interface VisionEngine {
  readonly name: 'offline' | 'runware';
  /** `faces`: the process's face engine, which the offline reading uses for people (a vendor ignores it) */
  analyze(image: Buffer, opts?: { faces?: FaceEngine }): Promise<ImageAnalysis>;
}
