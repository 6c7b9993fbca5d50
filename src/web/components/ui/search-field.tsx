import type { ComponentProps } from 'react';
import { Search } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { Input } from './input';

type SearchFieldProps = Omit<ComponentProps<'input'>, 'onChange' | 'value'> & {
  /** the field's accessible name (the placeholder is a hint, not a label) */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** the box around the field: its width */
  className?: string;
  inputClassName?: string;
};

/** A search box with its magnifier; named by `label`. */
export function SearchField({
  label,
  value,
  onValueChange,
  className,
  inputClassName,
  ...props
}: SearchFieldProps) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        {...props}
        className={cn('pl-9', inputClassName)}
        aria-label={label}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </div>
  );
}
