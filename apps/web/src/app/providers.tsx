import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { useToasts } from '@/lib/toasts';
import { cssVariablesResolver, theme } from './theme';

const Toaster = lazy(async () => ({ default: (await import('@/lib/toaster')).Toaster }));

/**
 * Theme, data cache and toasts around the whole app; tests render the same tree (src/test/render-app). main.tsx
 * passes the data cache it also gave the router, whose routes start a page's first reads (docs/rules.md B7).
 */
export function AppProviders({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        <ToasterOnceNeeded />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * The toast stacks, whose code loads with the first toast: most first screens show none, and the sign-in screen
 * does without it (docs/rules.md B1). Each toast announces itself (role status or alert), so nothing is missed.
 */
function ToasterOnceNeeded() {
  const hasToasts = useToasts().length > 0;
  const [isNeeded, setNeeded] = useState(hasToasts);
  if (hasToasts && !isNeeded) setNeeded(true);
  return isNeeded ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
