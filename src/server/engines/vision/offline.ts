import type { StructuredAnalysis } from '../../../shared/schemas/generation';
import type { FaceEngine, FaceReport } from './faces';
import { imageStats } from './image-stats';
import type { VisionEngine } from './vision';

const LIGHT: Record<string, string> = {
  dark: 'low-key lighting, deep shadows',
  dim: 'moody dim lighting',
  balanced: 'natural balanced lighting',
  bright: 'bright soft lighting',
  'very bright': 'high-key airy lighting',
};

/** face-api's expression names as a prompt says them */
const EXPRESSION: Record<string, string> = {
  neutral: 'calm',
  happy: 'smiling',
  sad: 'sad',
  angry: 'angry',
  fearful: 'fearful',
  disgusted: 'disgusted',
  surprised: 'surprised',
};

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five'];

type Stats = Omit<StructuredAnalysis, 'description' | 'source'>;
type People = NonNullable<StructuredAnalysis['people']>;

/** Apparent ages as a 5-year band around them ("25–35"), or null when the net gave none. */
export function ageRange(ages: number[]): string | null {
  if (ages.length === 0) return null;
  const lo = Math.max(0, Math.floor((Math.min(...ages) - 3) / 5) * 5);
  const hi = Math.ceil((Math.max(...ages) + 3) / 5) * 5;
  return `${lo}–${hi}`;
}

/**
 * Framing from the main face's height over the picture's shorter side: a face filling a third or more
 * is a close-up, a face of an eighth or more a half-body shot, anything smaller a full-body shot.
 */
export function framingFromFace(sizeRatio: number): string {
  return sizeRatio >= 0.33 ? 'close-up' : sizeRatio >= 0.12 ? 'half-body shot' : 'full-body shot';
}

/** What a face report adds: people, and a framing read from the face rather than guessed from pixels. */
export function peopleFrom(report: FaceReport): { people: People; framing: string | null } {
  const faces = report.faces;
  const main = faces[0];
  return {
    people: {
      count: faces.length,
      // the five largest faces: background faces are too small for a fair guess
      ageRange: ageRange(
        faces
          .slice(0, 5)
          .map((f) => f.age)
          .filter((a): a is number => typeof a === 'number'),
      ),
      expression: main?.expression ? (EXPRESSION[main.expression] ?? main.expression) : null,
    },
    framing: main ? framingFromFace(main.sizeRatio) : null,
  };
}

function whoText(p: People | undefined): string {
  if (!p) return 'a person';
  if (p.count === 0) return 'a scene without people';
  const who = p.count === 1 ? 'a person' : `${COUNT_WORDS[p.count] ?? p.count} people`;
  const mood = p.expression ? `${p.expression} ` : '';
  const age = p.ageRange ? ` aged about ${p.ageRange}` : '';
  return p.count === 1
    ? `a ${mood}person${age}`
    : `${who}${age}${p.expression ? `, the nearest ${p.expression}` : ''}`;
}

export function describe(s: Stats): { description: string; prompt: string } {
  const names = s.palette.slice(0, 3).map((p) => p.name);
  const list =
    names.length > 1
      ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
      : (names[0] ?? 'neutral');
  const lighting = s.lighting ?? LIGHT[s.brightness.label] ?? 'natural lighting';
  const who = whoText(s.people);
  const noPeople = s.people?.count === 0;
  const description =
    `A ${s.orientation} ${s.subject.framing}${s.people ? ` of ${who}` : ''} with the subject ${s.subject.position === 'centred' ? 'centred' : `in the ${s.subject.position}`}, ` +
    `${s.brightness.label} overall (${lighting}) with ${s.contrast.label} contrast, dominated by ${list} tones.`;
  const prompt = [
    noPeople ? `${s.subject.framing}, no people` : `${s.subject.framing} of ${who}`,
    s.subject.position === 'centred'
      ? 'centred composition'
      : `subject in the ${s.subject.position} of the frame`,
    `${list} colour palette`,
    lighting,
    `${s.contrast.label} contrast`,
    `${s.orientation} format`,
    'highly detailed, sharp focus',
  ].join(', ');
  return { description, prompt };
}

/**
 * Offline image → prompt: a structured reading of the picture itself, no vendor. With the face engine
 * it also says how many people, their apparent age and expression, and the framing from the face size;
 * without it (or when it fails) the pixel reading alone.
 */
export function createOfflineVisionEngine(): VisionEngine {
  return {
    name: 'offline',
    async analyze(image, { faces }: { faces?: FaceEngine } = {}) {
      const stats: Stats = await imageStats(image);
      stats.lighting = LIGHT[stats.brightness.label] ?? 'natural lighting';
      if (faces) {
        try {
          const { people, framing } = peopleFrom(
            await faces.analyzeFaces(image, { attributes: true, descriptors: false }),
          );
          stats.people = people;
          if (framing) stats.subject = { ...stats.subject, framing };
        } catch {
          // face analysis is an extra: the pixel reading still answers
        }
      }
      const { description, prompt } = describe(stats);
      return { structuredAnalysis: { ...stats, description, source: 'offline' }, formattedPrompt: prompt };
    },
  };
}
