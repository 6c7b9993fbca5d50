import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as defaultClient } from '@web/lib/query-client';
import { Toaster } from '@web/components/ui/toaster';
import { ThemeProvider } from '@web/lib/theme/theme-provider';

export function Providers({
  children,
  client = defaultClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        {/* TooltipProvider lives in the shell (see components/ui/tooltip.tsx). */}
        {children}
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
