import { Link, NavLink, Outlet } from 'react-router';
import { BrandLogo } from '../components/brand-logo';
import { SkipLink } from './skip-link';

// SPEC §2 (Provider area layout). The full sidebar (collapse, user card) and the header's
// notification bell come with their own issues; this is the frame they slot into.
const LINKS = [
  { to: '/dashboard', label: 'Dashboard', end: true },
  { to: '/dashboard/timeslots', label: 'Time Slots', end: false },
  { to: '/dashboard/appointments', label: 'Appointments', end: false },
  { to: '/dashboard/analytics', label: 'Analytics', end: false },
  { to: '/dashboard/profile', label: 'Settings', end: false },
] as const;

export function ProviderAreaLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <SkipLink />
      <aside className="border-b border-slate-200 bg-white md:w-60 md:border-r md:border-b-0">
        <Link to="/" className="flex items-center gap-2 px-5 py-4 text-lg font-bold text-slate-900">
          <BrandLogo className="size-8" />
          <span>Slotwise</span>
        </Link>
        <nav aria-label="Provider">
          <ul className="flex flex-wrap gap-1 px-3 pb-3 md:flex-col">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm font-medium ${
                      isActive
                        ? 'bg-indigo-50 text-indigo-700'
                        : 'text-slate-700 hover:bg-slate-100'
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="flex flex-1 flex-col">
        <header className="border-b border-slate-200 bg-white px-6 py-4">
          <p className="text-lg font-semibold text-slate-900">Dashboard</p>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
