import type { ReactNode } from 'react';
import { useSession } from '../lib/session';

interface OwnAreaLayoutProps {
  provider: ReactNode;
  client: ReactNode;
}

/** For routes both areas share (/notifications): the signed-in user's own area frame. */
export function OwnAreaLayout({ provider, client }: OwnAreaLayoutProps) {
  const { session } = useSession();
  return session?.role === 'provider' ? provider : client;
}
