import { useEffect } from 'react';

export const PRODUCT_NAME = 'LoRA Studio';

export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
