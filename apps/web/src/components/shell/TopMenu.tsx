import { HomeOutlined } from '@ant-design/icons';
import { HOME_PATH } from '@cube/contract';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { i18n } from '../../lib/i18n';
import { useMenuStore } from '../../stores/menu';
import { menuHref, menuLeaves } from '../../stores/menuRoutes';
import { MenuIcon } from './MenuIcon';
import styles from './shell.module.css';

const HOME_KEY = 'home';

function topMenuLabel(code: string, name: string): string {
  const key = `menu.${code}`;
  return i18n.exists(key) ? i18n.t(key as never) : name;
}

/**
 * The header's horizontal top menu (`menu/top-menu`). The home entry shows every menu; choosing a top menu
 * reloads the sidebar with `menu/routes?topMenuId=` and opens its first page.
 */
export function TopMenu({ dark }: { dark: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const topMenus = useMenuStore((state) => state.topMenus);
  const topMenuId = useMenuStore((state) => state.topMenuId);

  if (topMenus.length === 0) return <div className={styles.topMenu} />;

  const choose = async (key: string) => {
    const store = useMenuStore.getState();
    if (key === HOME_KEY) {
      await store.loadMenu('');
      await navigate(HOME_PATH);
      return;
    }
    await store.loadMenu(key);
    const first = menuLeaves(useMenuStore.getState().menu)[0];
    if (first) await navigate(menuHref(first));
  };

  return (
    <Menu
      className={styles.topMenu}
      mode="horizontal"
      theme={dark ? 'dark' : 'light'}
      selectedKeys={[topMenuId || HOME_KEY]}
      onClick={({ key }) => void choose(key)}
      items={[
        { key: HOME_KEY, icon: <HomeOutlined />, label: t('shell.topHome') },
        ...topMenus.map((item) => ({
          key: item.id,
          icon: <MenuIcon source={item.source} />,
          label: topMenuLabel(item.code, item.name),
        })),
      ]}
    />
  );
}
