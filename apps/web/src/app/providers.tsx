import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { Notifications } from '../components/ui/notify';
import { AuthProvider } from '../lib/auth';
import { LiveUpdates } from './live-updates';
import { createQueryClient } from './query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
