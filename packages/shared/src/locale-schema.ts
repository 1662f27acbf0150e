import { SUPPORTED_LOCALES } from './locales';
import { z } from './zod';

/** A language the product speaks (docs/product.md §21.1); apart from locales.ts, which the
 * landing page loads and which must not bring Zod with it (docs/decisions/053). */
export const localeSchema = z.enum(SUPPORTED_LOCALES);
