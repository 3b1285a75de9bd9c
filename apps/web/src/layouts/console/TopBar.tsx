import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../api/menu';
import { BrandLogo } from '../../components/BrandLogo';
import { AssistantButton } from '../../components/shell/AssistantButton';
import { ColorPickerButton } from '../../components/shell/ColorPickerButton';
import { ErrorLogButton } from '../../components/shell/ErrorLogButton';
import { FullscreenButton } from '../../components/shell/FullscreenButton';
import { HeaderAction } from '../../components/shell/HeaderAction';
import { LanguageDropdown } from '../../components/shell/LanguageDropdown';
import { LockButton } from '../../components/shell/LockButton';
import { NoticeBell } from '../../components/shell/NoticeBell';
import { ThemeDialog } from '../../components/shell/ThemeDialog';
import { TopMenu } from '../../components/shell/TopMenu';
import { TopSearch } from '../../components/shell/TopSearch';
import { UserDropdown } from '../../components/shell/UserDropdown';
import type { ResolvedTheme } from '../../lib/themes';
import { useSettingsStore } from '../../stores/settings';
import { useBranding, useRuntimeConfig } from '../../stores/site';
import styles from './ConsoleLayout.module.css';
import type { LayoutLevel } from './screen';

interface TopBarProps {
  level: LayoutLevel;
  theme: ResolvedTheme;
  menu: readonly MenuNode[];
  onOpenMenu: (node: MenuNode) => void;
}

/**
 * The header: collapse button, horizontal top menu, search, error log, notices, lock, theme, colour,
 * full screen, language (when the language switch is on) and the account menu. Fewer tools on narrow screens.
 */
export function TopBar({ level, theme, menu, onOpenMenu }: TopBarProps) {
  const { t } = useTranslation();
  const { languageMode, chatMode } = useRuntimeConfig();
  const isCollapse = useSettingsStore((state) => state.isCollapse);
  const toggleCollapse = useSettingsStore((state) => state.toggleCollapse);
  const setSearch = useSettingsStore((state) => state.setSearch);
  const { productTitle } = useBranding();

  return (
    <header className={styles.header}>
      <HeaderAction
        title={t(isCollapse ? 'shell.expand' : 'shell.collapse')}
        className={styles.collapse}
        onClick={toggleCollapse}
      >
        {isCollapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      </HeaderAction>
      {level <= 1 ? (
        <span className={styles.headerBrand}>
          <BrandLogo size={26} />
          {level === 1 ? <span>{productTitle}</span> : null}
        </span>
      ) : null}
      <ConfigProvider
        theme={{
          components: {
            Menu: {
              darkItemBg: 'transparent',
              darkPopupBg: '#1f2430',
              darkItemColor: 'rgba(255, 255, 255, 0.78)',
              darkItemSelectedBg: 'rgba(255, 255, 255, 0.16)',
              itemBg: 'transparent',
              horizontalLineHeight: '54px',
            },
          },
        }}
      >
        {level >= 2 ? <TopMenu dark={theme.headerDark} /> : <div className={styles.spacer} />}
      </ConfigProvider>
      <div className={styles.tools}>
        {level >= 3 ? <TopSearch menu={menu} onOpen={onOpenMenu} /> : null}
        {level < 3 ? (
          <HeaderAction title={t('search.title')} onClick={() => setSearch(true)}>
            <SearchOutlined />
          </HeaderAction>
        ) : null}
        {chatMode ? <AssistantButton /> : null}
        <ErrorLogButton />
        <NoticeBell />
        {level >= 2 ? <LockButton /> : null}
        <ThemeDialog />
        {level >= 2 ? <ColorPickerButton /> : null}
        {level >= 1 ? <FullscreenButton /> : null}
        {languageMode ? <LanguageDropdown /> : null}
        <UserDropdown compact={level === 0} />
      </div>
    </header>
  );
}
