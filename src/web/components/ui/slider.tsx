import type { ComponentProps } from 'react';
import * as SliderPrimitive from '@radix-ui/react-slider';
import { cn } from '@web/lib/cn';

type SliderProps = Omit<ComponentProps<typeof SliderPrimitive.Root>, 'value' | 'onValueChange'> & {
  value: number[];
  onValueChange: (value: number[]) => void;
  min: number;
  max: number;
  step: number;
  /** Accessible name of each thumb when no visible label names it. */
  thumbLabels?: string[];
  /** A visible label naming the (single) thumb. */
  'aria-labelledby'?: string;
};

/**
 * The Radix slider: one thumb per value, each a `role="slider"` with its name and value; arrows step,
 * PageUp/PageDown take ten steps, Home/End go to the ends. Under Preact it had been replaced by a native
 * range input (decision 023); with React everywhere (docs/decisions/029-react-everywhere-and-prerender.md)
 * it is back.
 */
export function Slider({
  className,
  thumbLabels,
  value,
  onValueChange,
  'aria-labelledby': labelledBy,
  ...props
}: SliderProps) {
  return (
    <SliderPrimitive.Root
      value={value}
      onValueChange={onValueChange}
      className={cn(
        'relative flex w-full touch-none items-center py-2 select-none data-disabled:cursor-not-allowed data-disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      {value.map((_, i) => (
        <SliderPrimitive.Thumb
          key={i}
          aria-label={thumbLabels?.[i]}
          aria-labelledby={thumbLabels?.[i] ? undefined : labelledBy}
          className="block size-5 cursor-pointer rounded-full border-2 border-primary bg-background shadow transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
