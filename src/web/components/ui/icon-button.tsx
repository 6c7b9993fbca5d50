import type { ComponentType } from 'react';
import { Button, type ButtonProps } from './button';

/** An icon component (lucide's), drawn as decoration beside or instead of text. */
export type IconComponent = ComponentType<{ 'aria-hidden'?: boolean | 'true' }>;

export type IconButtonProps = Omit<ButtonProps, 'children' | 'aria-label' | 'asChild'> & {
  /** the button's accessible name: it shows no text of its own */
  label: string;
  icon: IconComponent;
};

/** A button that shows only an icon, named by `label`; small (`icon-sm`) unless `size` says otherwise. */
export function IconButton({ label, icon: Icon, size = 'icon-sm', ...props }: IconButtonProps) {
  return (
    <Button size={size} aria-label={label} {...props}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
