import { useQuery } from '@tanstack/react-query';
import { fetchProfile } from '../features/accounts/api/get-profile';
import { fullName } from '../lib/full-name';
import { queryKeys } from '../lib/query-keys';
import { useSession, type Role } from '../lib/session';

export interface SignedInUser {
  firstName: string;
  lastName: string;
  /** First and last name; the '-' placeholder last name (docs/product.md §9) is left out. */
  fullName: string;
  role: Role;
  profileImageUrl: string | null;
}

/**
 * Who is signed in, for the area layouts: the user stored at login (sessionStorage), or — when
 * it is missing, e.g. in a new tab where only the token survived — GET /profile.
 */
export function useSignedInUser(): SignedInUser | null {
  const { session, user } = useSession();
  const profile = useQuery({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: session !== null && user === null,
  });
  if (!session) return null;
  const source = user ?? profile.data;
  if (!source) return null;
  return {
    firstName: source.firstName,
    lastName: source.lastName,
    fullName: fullName(source.firstName, source.lastName),
    role: source.role,
    profileImageUrl: source.profileImageUrl,
  };
}
