import { i18n } from '../../../lib/i18n';
import common from '../locales/vi.json';

/**
 * The statistics screens' texts live in their own i18n namespace, 'stats', loaded with their lazy chunk (not in
 * the locale files lib/i18n.ts merges at start). Each screen file registers its own bundle (deep-merged) under its prefix.
 */
export const STATS_NS = 'stats';

export function registerStatsTexts(bundle: Record<string, unknown>) {
  i18n.addResourceBundle('vi', STATS_NS, bundle, true, true);
}

registerStatsTexts(common);

/** A text of the 'stats' namespace outside React (export titles, workbook headers). */
export const statsText = (key: string, values?: Record<string, unknown>) => i18n.t(key, { ns: STATS_NS, ...values });
