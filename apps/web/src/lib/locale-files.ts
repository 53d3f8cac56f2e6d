/**
 * The web's texts live beside the code that uses them: `features/<m>/locales/<language>.json`, the signed-in frame's
 * shared ones in `app/locales/`, a component's in `components/<c>/locales/`. They are merged at build (Vite inlines
 * every file this glob matches), one resource bundle per language named by the file (`vi.json`, later `en.json`).
 * The statistics screens' texts are not here: they load with their lazy chunk (namespace 'stats', features/stats).
 */

type Texts = { [key: string]: string | Texts };

const files = import.meta.glob<Texts>(
  ['../app/locales/*.json', '../components/*/locales/*.json', '../features/*/locales/*.json', '!../features/stats/**'],
  { eager: true, import: 'default' },
);

/** The language a locale file holds: its name without '.json' ('…/locales/vi.json' → 'vi'). */
export const languageOf = (path: string): string => (path.split('/').pop() ?? '').replace(/\.json$/, '');

/** Deep-merges `from` into `into`; a text defined twice is reported with both files' paths. */
function mergeInto(into: Texts, from: Texts, path: string, seen: Map<string, string>, prefix = ''): string[] {
  const twice: string[] = [];
  for (const [key, value] of Object.entries(from)) {
    const full = `${prefix}${key}`;
    if (typeof value === 'string') {
      const first = seen.get(full);
      if (first !== undefined || full in into) twice.push(`${full} (${first} and ${path})`);
      seen.set(full, path);
      into[key] = value;
    } else {
      const branch = into[key];
      const target: Texts = typeof branch === 'object' ? branch : {};
      if (typeof branch === 'string') twice.push(`${full} (${seen.get(full)} and ${path})`);
      into[key] = target;
      twice.push(...mergeInto(target, value, path, seen, `${full}.`));
    }
  }
  return twice;
}

/** The locale files merged per language, and the keys that more than one file defines (none in a sound tree). */
export function mergeLocaleFiles(byPath: Record<string, Texts>): { resources: Record<string, Texts>; twice: string[] } {
  const resources: Record<string, Texts> = {};
  const seen = new Map<string, Map<string, string>>();
  const twice: string[] = [];
  for (const path of Object.keys(byPath).sort()) {
    const language = languageOf(path);
    resources[language] ??= {};
    if (!seen.has(language)) seen.set(language, new Map());
    twice.push(...mergeInto(resources[language], byPath[path] as Texts, path, seen.get(language) as Map<string, string>));
  }
  return { resources, twice };
}

/** Every locale file the build holds, by path (for the test that keys exist and are defined once). */
export const localeFiles: Record<string, Texts> = files;

/** The merged texts per language, as i18next takes them. */
export const localeResources: Record<string, Texts> = mergeLocaleFiles(files).resources;
