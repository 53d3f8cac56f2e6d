import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeResources } from './locale-files';

// Vietnamese is the only language today; each feature's texts live in its locales/ folder (lib/locale-files.ts), so
// an English one is one more en.json beside each vi.json.
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(localeResources).map(([lng, translation]) => [lng, { translation }])),
  lng: 'vi',
  fallbackLng: 'vi',
  interpolation: { escapeValue: false },
});

export { i18n };
