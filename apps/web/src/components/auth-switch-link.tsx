import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The line under an account form that leads to the other way in (sign up, sign in, back). */
export function AuthSwitchLink({
  prompt,
  to,
  children,
}: {
  prompt?: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {prompt ? `${prompt} ` : null}
      <Link to={to} className="font-semibold text-indigo-700 hover:underline">
        {children}
      </Link>
    </p>
  );
}
