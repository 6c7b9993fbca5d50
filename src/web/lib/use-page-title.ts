import { useEffect } from 'react';

export const PRODUCT_NAME = 'LoRA Studio';

export function usePageTitle(title?: string): void {
  useEffect(() => {
    const next = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
    // a page the server sent already has its title; setting it again still costs a call into the
    // browser (about 4 ms in the effects' task of /login here)
    if (document.title !== next) document.title = next;
  }, [title]);
}
