import type { StructuredAnalysis } from '../../../shared/schemas/generation';
import { imageStats } from './image-stats';
import type { VisionEngine } from './vision';

const LIGHT: Record<string, string> = {
  dark: 'low-key lighting, deep shadows',
  dim: 'moody dim lighting',
  balanced: 'natural balanced lighting',
  bright: 'bright soft lighting',
  'very bright': 'high-key airy lighting',
};

export function describe(s: Omit<StructuredAnalysis, 'description' | 'source'>): {
  description: string;
  prompt: string;
} {
  const names = s.palette.slice(0, 3).map((p) => p.name);
  const list =
    names.length > 1
      ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
      : (names[0] ?? 'neutral');
  const description =
    `A ${s.orientation} ${s.subject.framing} with the subject ${s.subject.position === 'centred' ? 'centred' : `in the ${s.subject.position}`}, ` +
    `${s.brightness.label} overall with ${s.contrast.label} contrast, dominated by ${list} tones.`;
  const prompt = [
    `${s.subject.framing} of a person`,
    s.subject.position === 'centred'
      ? 'centred composition'
      : `subject in the ${s.subject.position} of the frame`,
    `${list} colour palette`,
    LIGHT[s.brightness.label] ?? 'natural lighting',
    `${s.contrast.label} contrast`,
    `${s.orientation} format`,
    'highly detailed, sharp focus',
  ].join(', ');
  return { description, prompt };
}

/** Offline image → prompt: a structured reading of the picture itself, no model needed. */
export function createOfflineVisionEngine(): VisionEngine {
  return {
    name: 'offline',
    async analyze(image) {
      const stats = await imageStats(image);
      const { description, prompt } = describe(stats);
      return { structuredAnalysis: { ...stats, description, source: 'offline' }, formattedPrompt: prompt };
    },
  };
}
