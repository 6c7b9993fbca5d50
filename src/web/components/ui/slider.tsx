import type { InputHTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';

type SliderProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type'
> & {
  value: number[];
  onValueChange: (value: number[]) => void;
  min: number;
  max: number;
  step: number;
  /** Accessible name of the thumb when no visible label names it. */
  thumbLabels?: string[];
};

/**
 * One-thumb slider on the native range input: keyboard, touch and screen readers come from the browser,
 * and it needs no layout measuring to show. It replaced the Radix slider under Preact (decision 023);
 * with React everywhere (docs/decisions/029-react-everywhere-and-prerender.md) the Radix one could come
 * back, but `@radix-ui/react-slider` is not installed yet, so the native input stays.
 */
export function Slider({ className, thumbLabels, value, onValueChange, ...props }: SliderProps) {
  return (
    <input
      type="range"
      value={value[0]}
      onChange={(e) => onValueChange([Number(e.currentTarget.value)])}
      aria-label={thumbLabels?.[0]}
      className={cn(
        'h-2 w-full cursor-pointer accent-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
