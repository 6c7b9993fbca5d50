import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { useEffect, useRef } from 'react';
import { dismissToast, useToast } from './use-toast';

export function ToastRegion({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const { toasts } = useToast();
  const viewportRef = useRef<HTMLOListElement>(null);
  // Loaded by an F8 press: finish what the key asked for once the viewport exists.
  useEffect(() => {
    if (focusOnMount) viewportRef.current?.focus();
  }, [focusOnMount]);
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid min-w-0 gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport ref={viewportRef} />
    </ToastProvider>
  );
}
