import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { copyText } from '@web/lib/clipboard';

/** Copies `value`; says so in a toast and on the button for two seconds. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const onCopy = async () => {
    try {
      await copyText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast({ title: 'Copied', description: `${label} copied to the clipboard.` });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Copy failed',
        description: 'Select the text and copy it by hand.',
      });
    }
  };
  return (
    <Button type="button" variant="outline" onClick={() => void onCopy()} aria-label={`Copy ${label}`}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}
