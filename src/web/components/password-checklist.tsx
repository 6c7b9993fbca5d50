import { Check, X } from 'lucide-react';
import { passwordChecklist } from '@shared/password-checklist';
import { cn } from '@web/lib/cn';

/** Spec part 1 §2: the live checklist under a new password (register, reset, change). */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} className="grid gap-1 text-sm" aria-label="Password requirements">
      {passwordChecklist.map((rule) => {
        const met = rule.test(password);
        return (
          <li
            key={rule.label}
            className={cn(
              'flex items-center gap-2',
              met ? 'text-green-700 dark:text-green-400' : 'text-muted-foreground',
            )}
            data-met={met}
          >
            {met ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <X className="size-4" aria-hidden="true" />
            )}
            <span>{rule.label}</span>
            <span className="sr-only">{met ? '(done)' : '(not yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
