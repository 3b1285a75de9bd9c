import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@cube/contract';
import type { Locale } from 'antd/es/locale';
import zhAntd from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
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

/**
 * The antd locale of each language loaded so far. Chinese is bundled; the English messages and antd's English
 * locale are fetched (a chunk of their own) only when English is chosen, so the login page carries Chinese only.
 */
const antdLocales: Partial<Record<Language, Locale>> = { zh: zhAntd };
const loading = new Map<Language, Promise<void>>();

/** Loads a language's messages and antd locale once (Chinese is always there). */
export function loadLanguage(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, 'translation'))
    return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = Promise.all([import('../locales/en-US'), import('antd/locale/en_US')])
      .then(([messages, antd]) => {
        i18n.addResourceBundle(language, 'translation', messages.default, true, true);
        antdLocales[language] = antd.default;
      })
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** Switches to `language` once its messages are loaded (Chinese stays on if they cannot be). */
export async function switchLanguage(language: Language): Promise<void> {
  try {
    await loadLanguage(language);
  } catch (error) {
    console.error(`[i18n] the ${language} messages could not be loaded`, error);
    return;
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** The antd locale of a language, Chinese until the language's own has loaded. */
export function antdLocaleOf(language: Language): Locale {
  return antdLocales[language] ?? zhAntd;
}

/** Initialises i18next synchronously with the Chinese messages; another language is switched to once loaded. */
export function initI18n(language: Language = DEFAULT_LANGUAGE): Promise<void> {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { zh: { translation: zhCN } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
    applyLanguageSideEffects(DEFAULT_LANGUAGE);
  }
  return switchLanguage(language);
}

export { i18n };
