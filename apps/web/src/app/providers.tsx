import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { Notifications } from '../components/ui/notify';
import { AuthProvider } from '../lib/auth';
import { LiveUpdates } from './live-updates';
import { createQueryClient } from './query-client';

/** `client`: a query cache already holding answers (the landing page's, sent with it); a new one otherwise. */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <LiveUpdates />
        <ConfirmProvider>{children}</ConfirmProvider>
        <Notifications />
      </AuthProvider>
    </QueryClientProvider>
  );
}
