import { MAX_PROMPT_LENGTH } from '@shared/constants';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { ImageHelper } from './image-helper';
import { Section } from '@web/components/ui/section';

type Props = {
  value: string;
  onChange: (prompt: string) => void;
  /** adds the helper's suggestion after what is typed (stable, so the helper is not drawn per key) */
  onApply: (text: string) => void;
};

/**
 * The prompt: the image helper, the text and its count, which says how much to cut when the prompt
 * is too long.
 */
export function PromptField({ value, onChange, onApply }: Props) {
  const promptLength = value.trim().length;
  const promptTooLong = promptLength > MAX_PROMPT_LENGTH;
  return (
    <Section titleId="prompt-title" title="Prompt" level={3} className="space-y-3">
      <ImageHelper onApply={onApply} />
      <Label htmlFor="prompt" className="sr-only">
        Prompt
      </Label>
      <Textarea
        id="prompt"
        rows={4}
        placeholder="Describe the image you want to create..."
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="prompt-count"
        aria-invalid={promptTooLong || undefined}
      />
      {/* No maxLength: it cut a pasted prompt mid-phrase without a word. Counted and said instead. */}
      <p
        id="prompt-count"
        className={`text-right text-xs ${promptTooLong ? 'text-destructive-text' : 'text-muted-foreground'}`}
        aria-live={promptTooLong ? 'polite' : undefined}
      >
        {promptTooLong
          ? `${promptLength} / ${MAX_PROMPT_LENGTH} characters: shorten the prompt by ${promptLength - MAX_PROMPT_LENGTH} to generate.`
          : `${promptLength} / ${MAX_PROMPT_LENGTH} characters`}
      </p>
    </Section>
  );
}
