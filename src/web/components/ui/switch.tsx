import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { Label } from './label';

type SwitchProps = Omit<ComponentProps<'button'>, 'onChange' | 'value' | 'type' | 'role'> & {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /**
   * A change is being saved: the switch ignores presses but keeps the keyboard's focus. `disabled`
   * would not do here: a browser blurs a focused button the moment it turns disabled, so a switch
   * disabled while its save ran dropped focus to `<body>` and the next Enter did nothing (issue 45 K1).
   */
  busy?: boolean;
};

/**
 * An on/off control: a button with the switch role (WAI-ARIA's switch pattern). Space and Enter
 * toggle it as they press any button, and a `<Label htmlFor>` names and toggles it, a button being a
 * labelable element. Every switch here is controlled and none is submitted with a native form, so it
 * needs none of what Radix's switch adds for that: a state set from its own ref and, inside a form, a
 * hidden input sized in a layout effect, both re-rendering synchronously as the page first commits
 * (docs/decisions/048-own-switch.md).
 */
export function Switch({
  checked,
  onCheckedChange,
  onClick,
  className,
  disabled,
  busy = false,
  ...props
}: SwitchProps) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent shadow-xs transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-busy:cursor-progress aria-busy:opacity-70 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !busy) onCheckedChange?.(!checked);
      }}
      {...props}
    >
      <span
        data-state={state}
        className="pointer-events-none block size-5 rounded-full bg-background shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
      />
    </button>
  );
}

/** A switch with its label after it, on one line. */
export function SwitchField({ id, label, ...props }: SwitchProps & { id: string; label: ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      <Switch id={id} {...props} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
