import { LoginForm } from '../features/accounts/components/login-form';
import { PublicBusinessPage } from '../features/business/public-business-page';
import { BookingPage } from '../features/discovery/booking-page/booking-page';
import {
  EmbedSignInPage,
  EmbedSignUpPage,
  type SignInForm,
} from '../features/embed/embed-account-pages';

export { EmbedLayout } from '../features/embed/embed-layout';

/**
 * The booking widget's screens (docs/product.md §21.3, features/embed): the booking pages of
 * §14.1 and §13 as they are, and the widget's sign-in and sign-up around the account's sign-in
 * form (features/accounts). Only app/ composes UI of several features.
 */
const signInForm: SignInForm = (props) => <LoginForm {...props} />;

export function EmbedProviderScreen() {
  return <BookingPage />;
}

export function EmbedBusinessScreen() {
  return <PublicBusinessPage />;
}

export function EmbedSignInScreen() {
  return <EmbedSignInPage signInForm={signInForm} />;
}

export function EmbedSignUpScreen() {
  return <EmbedSignUpPage signInForm={signInForm} />;
}
