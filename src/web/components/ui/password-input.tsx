import { useState, type ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { useHydrated } from '@web/lib/hydration';
import { Input } from './input';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** What the toggle talks about, e.g. "password" or "new password". */
  toggleSubject?: string;
};

export function PasswordInput({ className, toggleSubject = 'password', ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  // on a pre-rendered page the toggle does nothing until React has taken the page over
  const hydrated = useHydrated();
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-10', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        disabled={!hydrated}
        aria-label={`${visible ? 'Hide' : 'Show'} ${toggleSubject}`}
        className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-default"
      >
        {visible ? (
          <EyeOff className="size-4" aria-hidden="true" />
        ) : (
          <Eye className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
