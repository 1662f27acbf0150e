import type { ReactNode } from 'react';

export interface ListTexts {
  /** Announced while the first answer loads. */
  loading: ReactNode;
  /** Shown as an alert when it failed: text (a red line) or a whole element (e.g. LoadFailed). */
  failed: ReactNode;
  /** Shown when there is nothing to list. */
  empty?: ReactNode;
}

interface ListStateProps {
  /** The query behind the list (TanStack Query's flags). */
  query: { isPending: boolean; isError: boolean };
  /** What is listed: when empty, `texts.empty` shows instead of the children. */
  items?: readonly unknown[];
  texts: ListTexts;
  /** Classes of the loading and empty lines. */
  textClassName?: string;
  children: ReactNode;
}

/** The loading / failed / empty lines every list screen shows before its list. */
export function ListState({
  query,
  items,
  texts: { loading, failed, empty },
  textClassName = 'text-slate-600',
  children,
}: ListStateProps) {
  if (query.isPending) {
    return (
      <p role="status" className={textClassName}>
        {loading}
      </p>
    );
  }
  if (query.isError) {
    return typeof failed === 'string' ? (
      <p role="alert" className="text-red-700">
        {failed}
      </p>
    ) : (
      failed
    );
  }
  if (items?.length === 0) return <p className={textClassName}>{empty}</p>;
  return children;
}
