import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MenuNode, menuNodeIcon } from '../../api/menu';
import { menuLabel } from '../../lib/labels';
import { searchMenuLeaves } from '../../stores/menuRoutes';
import { MenuIcon } from './MenuIcon';
import styles from './shell.module.css';

/** The header's search box: the same leaf-name prefix filter as the overlay, as an autocomplete. */
export function TopSearch({ menu, onOpen }: { menu: readonly MenuNode[]; onOpen: (node: MenuNode) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchMenuLeaves(menu, query, menuLabel), [menu, query]);

  return (
    <AutoComplete
      className={styles.topSearch}
      value={query}
      onChange={setQuery}
      popupMatchSelectWidth={260}
      options={results.map((node) => ({
        value: node.id,
        label: (
          <span className={styles.topSearchOption}>
            <MenuIcon source={menuNodeIcon(node)} />
            {menuLabel(node)}
          </span>
        ),
      }))}
      onSelect={(id: string) => {
        const node = results.find((item) => item.id === id);
        setQuery('');
        if (node) onOpen(node);
      }}
    >
      <Input
        size="middle"
        variant="filled"
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.title')}
        allowClear
      />
    </AutoComplete>
  );
}
