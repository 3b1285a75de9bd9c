import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@cube/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../locales/en-US';
import zhCN, { type Messages } from '../locales/zh-CN';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/** BCP 47 tag of each product language (html `lang`, dayjs locale). */
const LANGUAGE_TAGS: Record<Language, string> = { zh: 'zh-CN', en: 'en-US' };
const DAYJS_LOCALES: Record<Language, string> = { zh: 'zh-cn', en: 'en' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function applyLanguageSideEffects(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_TAGS[language];
}

i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) applyLanguageSideEffects(language);
});

/** Initialises i18next synchronously with the bundled messages; Chinese unless told otherwise. */
export function initI18n(language: Language = DEFAULT_LANGUAGE): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { zh: { translation: zhCN }, en: { translation: enUS } },
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
    applyLanguageSideEffects(language);
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  return i18n;
}

export { i18n };
