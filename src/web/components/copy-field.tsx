import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { copyText } from '@web/lib/clipboard';
import { cn } from '@web/lib/cn';

// how long the button says "Copied"
const COPIED_MS = 2000;

/** Copies a value; says so in a toast and, for two seconds, in `copied`. */
export function useCopy(label: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (value: string) => {
    try {
      await copyText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      toast({ title: 'Copied', description: `${label} copied to the clipboard.` });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Copy failed',
        description: 'Select the text and copy it by hand.',
      });
    }
  };
  return { copied, copy };
}

type CopyButtonProps = {
  value: string;
  /** what is copied, as the toast names it ("API key copied to the clipboard.") */
  label: string;
  /** the button's name; "Copy <label>" unless given */
  ariaLabel?: string;
};

/** Copies `value`; says so in a toast and on the button for two seconds. */
export function CopyButton({ value, label, ariaLabel = `Copy ${label}` }: CopyButtonProps) {
  const { copied, copy } = useCopy(label);
  return (
    <Button type="button" variant="outline" onClick={() => void copy(value)} aria-label={ariaLabel}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}

type CopyFieldProps = CopyButtonProps & {
  id: string;
  inputClassName?: string;
  'data-testid'?: string;
};

/** A labelled read-only value (selected whole on focus) with its copy button. */
export function CopyField({ id, label, value, ariaLabel, inputClassName, ...rest }: CopyFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={value}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          className={cn('font-mono', inputClassName)}
          data-testid={rest['data-testid']}
        />
        <CopyButton value={value} label={label} ariaLabel={ariaLabel} />
      </div>
    </div>
  );
}
