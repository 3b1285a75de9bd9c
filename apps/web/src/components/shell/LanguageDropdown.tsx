import { TranslationOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@cube/contract';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../stores/settings';
import { HeaderAction } from './HeaderAction';

/**
 * Language dropdown: Chinese and English, the current one disabled; choosing switches the language,
 * which also refreshes the page title. Shown only when the language switch is on (runtime `languageMode`).
 */
export function LanguageDropdown() {
  const { t, i18n } = useTranslation();
  const setLanguage = useSettingsStore((state) => state.setLanguage);
  return (
    <Dropdown
      placement="bottomRight"
      // Click as well as hover: touch screens and keyboards cannot hover.
      trigger={['click', 'hover']}
      menu={{
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((language) => ({
          key: language,
          label: t(`language.${language}`),
          disabled: language === i18n.language,
        })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <HeaderAction title={t('language.title')}>
        <TranslationOutlined />
      </HeaderAction>
    </Dropdown>
  );
}
