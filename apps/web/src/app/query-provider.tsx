import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createQueryClient, tellNetworkWaits } from '../lib/query-client.ts';

// The landing page fetches without the query library, so the library and the app's one
// client load with the first page that needs them (app.tsx wraps every lazily loaded page).
export const queryClient = createQueryClient();
tellNetworkWaits(queryClient);

/** The component inside a provider of the app's query client; nested providers share it. */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  };
}
