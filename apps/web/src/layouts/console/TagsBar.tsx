import {
  ClearOutlined,
  CloseCircleOutlined,
  CloseOutlined,
  DownOutlined,
  MinusCircleOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearServerCache } from '../../api/lookup';
import { useMessageApi } from '../../lib/feedback';
import { translatedLabel } from '../../lib/labels';
import { withLoading } from '../../stores/loading';
import { useSettingsStore } from '../../stores/settings';
import { HOME_TAB, isTabClosable, tabHref, useTabsStore } from '../../stores/tabs';
import styles from './ConsoleLayout.module.css';

type Action = 'search' | 'closeOthers' | 'closeAll' | 'clearCache';

/** Tab strip: click switches, closable tabs, a context menu and a More menu with the same actions. */
export function TagsBar() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useMessageApi();
  const navigate = useNavigate();
  const tabs = useTabsStore((state) => state.tabs);
  const active = useTabsStore((state) => state.active);
  const setSearch = useSettingsStore((state) => state.setSearch);

  const go = (value: string) => {
    const tab = useTabsStore.getState().tabs.find((item) => item.value === value);
    if (tab) void navigate(tabHref(tab));
  };

  const close = (value: string) => {
    const next = useTabsStore.getState().close(value);
    if (next) void navigate(tabHref(next));
  };

  const run = (action: Action, value: string = active) => {
    switch (action) {
      case 'search':
        setSearch(true);
        return;
      case 'closeOthers':
        useTabsStore.getState().closeOthers(value);
        if (value !== active) go(value);
        return;
      case 'closeAll':
        useTabsStore.getState().closeAll();
        void navigate(HOME_TAB.value);
        return;
      case 'clearCache':
        modal.confirm({
          title: t('common.tip'),
          content: t('tabs.clearCacheConfirm'),
          okText: t('common.confirm'),
          cancelText: t('common.cancel'),
          onOk: async () => {
            await withLoading(clearServerCache);
            void message.success(t('tabs.cacheCleared'));
          },
        });
        return;
    }
  };

  const actionItems: MenuProps['items'] = [
    { key: 'search', icon: <SearchOutlined />, label: t('tabs.search') },
    { key: 'closeOthers', icon: <MinusCircleOutlined />, label: t('tabs.closeOthers') },
    { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('tabs.closeAll') },
    { type: 'divider' },
    { key: 'clearCache', icon: <ClearOutlined />, label: t('tabs.clearCache') },
  ];

  return (
    <div className={styles.tags} data-testid="tags-bar">
      <Tabs
        className={styles.tagsTabs}
        type="editable-card"
        size="small"
        hideAdd
        activeKey={active}
        onChange={go}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.value,
          closable: isTabClosable(tabs, tab),
          closeIcon: <CloseOutlined aria-label={t('tabs.close')} />,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              menu={{ items: actionItems, onClick: ({ key }) => run(key as Action, tab.value) }}
            >
              <span className={styles.tagLabel}>{translatedLabel(tab.label, tab.labelKey)}</span>
            </Dropdown>
          ),
        }))}
      />
      <Dropdown
        menu={{ items: actionItems, onClick: ({ key }) => run(key as Action) }}
        placement="bottomRight"
      >
        <Button size="small" className={styles.tagsMore}>
          {t('tabs.more')}
          <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
