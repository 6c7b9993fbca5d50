import type { ReactNode } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** The sign-in screens' way in with a passkey, under their password or code form. */
export function PasskeyButton({
  pending,
  onClick,
  children,
}: {
  pending: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button type="button" variant="outline" className="w-full" pending={pending} onClick={onClick}>
      <KeyRound aria-hidden="true" />
      {children}
    </Button>
  );
}
