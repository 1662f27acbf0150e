import { Link, NavLink, Outlet } from 'react-router';
import { BrandLogo } from '../components/brand-logo';
import { SkipLink } from './skip-link';

// SPEC §2 (Client area layout). Search, profile menu and notification bell come with their own
// issues; this is the frame they slot into.
export function ClientAreaLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            to="/"
            className="flex items-center gap-2 rounded-md text-lg font-bold text-slate-900"
          >
            <BrandLogo className="size-8" />
            <span>Slotwise</span>
          </Link>
          <nav aria-label="Client">
            <NavLink
              to="/client/appointments"
              className={({ isActive }) =>
                `rounded-md px-3 py-2 text-sm font-medium ${
                  isActive ? 'text-indigo-700' : 'text-slate-700 hover:bg-slate-100'
                }`
              }
            >
              Appointments
            </NavLink>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
