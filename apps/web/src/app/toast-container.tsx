// The unstyled entry: the default one injects a <style> element at run time, which the
// server's Content-Security-Policy forbids, so its stylesheet is bundled as a file instead.
// Features must import `toast` from 'react-toastify/unstyled' as well: the default entry is a
// separate copy of the library whose toasts would never reach this container.
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

/** SPEC §2, §9: toasts top-right, closing after 4 seconds. */
export function AppToastContainer() {
  return <ToastContainer position="top-right" autoClose={4000} />;
}
