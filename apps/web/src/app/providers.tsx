import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
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
        <Toaster position="top-center" visibleToasts={4} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
