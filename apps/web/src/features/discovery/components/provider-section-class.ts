/** The card every section of the public provider page sits in. */
export const sectionClass = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
