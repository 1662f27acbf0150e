/** Base look of text-like controls. */
export function controlClass(error?: string): string {
  return `mt-1 block w-full rounded-md border px-3 py-2 text-sm text-slate-900 shadow-sm focus:ring-2 focus:ring-indigo-500 focus:outline-none ${
    error ? 'border-red-500' : 'border-slate-300'
  }`;
}
