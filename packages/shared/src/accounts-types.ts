import type { AccountRole } from './enums';
import type { ProviderCatalogueDetails } from './catalogue-schemas';
import type { Locale } from './locales';

/** Response shapes of the HTTP contract (docs/product.md §10), shared by the server and the web client. */

export interface SessionUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: AccountRole;
  profileImageUrl: string | null;
  providerId: string | null;
  /** The language chosen (docs/product.md §21.1), null until chosen; the server always sends it. */
  locale?: Locale | null;
}

export interface LoginResponse {
  token: string;
  user: SessionUser;
  message: string;
}

export interface RegisterResponse {
  userId: string;
  message: string;
}

export interface MessageResponse {
  message: string;
}

/** A suspended provider's own view of it (docs/product.md §19.4): when, and the operator's note. */
export interface ProviderSuspension {
  suspended_at: string;
  note: string;
}

export interface Profile {
  id: string;
  firstName: string;
  first_name: string;
  lastName: string;
  last_name: string;
  email: string;
  role: AccountRole;
  timezone: string;
  profileImageUrl: string | null;
  profile_image_url: string | null;
  providerId: string | null;
  /** The catalogue fields are always sent by the server; optional here so older callers still type-check. */
  providerDetails:
    | ({ specialty: string | null; bio: string } & Partial<ProviderCatalogueDetails> & {
          /** Set while an operator has suspended the provider (docs/product.md §19.4). */
          suspension?: ProviderSuspension | null;
        })
    | null;
  /** The phone number for texts (docs/product.md §20.3), confirmed or not. */
  phone: { number: string; confirmed: boolean } | null;
  /** The language chosen (docs/product.md §21.1), null until chosen; the server always sends it. */
  locale?: Locale | null;
  updatedAt: string;
}

export interface ProfileResponse {
  profile: Profile;
}
