// The unstyled entry: the default one injects a <style> element at run time, which the
// server's Content-Security-Policy forbids, so its stylesheet is bundled as a file instead.
// Features must import `toast` from 'react-toastify/unstyled' as well: the default entry is a
// separate copy of the library whose toasts would never reach this container.
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

/**
 * docs/product.md §2, §9: toasts top-right, closing after 4 seconds — placed just below the 64 px header
 * so they never cover the notification bell or the profile menu.
 *
 * Announced politely: each toast is a role="status" live region (the library's default,
 * role="alert", would interrupt whatever a screen reader is saying), inside the library's
 * aria-live="polite" container.
 */
export function AppToastContainer() {
  return (
    <ToastContainer position="top-right" autoClose={4000} role="status" style={{ top: '4.5rem' }} />
  );
}
