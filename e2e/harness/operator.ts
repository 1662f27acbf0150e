/**
 * The operator's address (docs/product.md §19.1): listed in `ADMIN_EMAILS` of the e2e servers, so
 * an account with it that signs in is an operator and lands on /admin.
 */
export const OPERATOR_EMAIL = 'operator@slotwise-e2e.test';
