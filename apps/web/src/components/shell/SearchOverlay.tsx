import { CloseOutlined, EnterOutlined, SearchOutlined } from '@ant-design/icons';
import { Empty, Input, type InputRef } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { type MenuNode, menuNodeIcon } from '../../api/menu';
import { menuLabel } from '../../lib/labels';
import { menuAncestry, searchMenuLeaves } from '../../stores/menuRoutes';
import { useSettingsStore } from '../../stores/settings';
import { MenuIcon } from './MenuIcon';
import styles from './shell.module.css';

function findById(nodes: readonly MenuNode[], id: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = node.children ? findById(node.children, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** "System / Parameters": the labels of a leaf's parents. */
function breadcrumbOf(menu: readonly MenuNode[], node: MenuNode): string {
  return menuAncestry(menu, node.id)
    .slice(0, -1)
    .map((id) => findById(menu, id))
    .filter((item): item is MenuNode => Boolean(item))
    .map(menuLabel)
    .join(' / ');
}

interface SearchOverlayProps {
  menu: readonly MenuNode[];
  onOpen: (node: MenuNode) => void;
}

/**
 * The menu search overlay: leaf menu names by case-insensitive prefix; Esc closes, Enter or a click
 * opens the chosen menu, arrow keys move through the results.
 */
export function SearchOverlay({ menu, onOpen }: SearchOverlayProps) {
  const { t } = useTranslation();
  const open = useSettingsStore((state) => state.isSearch);
  const setSearch = useSettingsStore((state) => state.setSearch);
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const input = useRef<InputRef>(null);
  const results = useMemo(() => searchMenuLeaves(menu, query, menuLabel), [menu, query]);

  useEffect(() => {
    if (!open) return;
    setQuery('');
    setCursor(0);
    const timer = setTimeout(() => input.current?.focus(), 50);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSearch(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setSearch]);

  if (!open) return null;

  const choose = (node: MenuNode | undefined) => {
    if (!node) return;
    setSearch(false);
    onOpen(node);
  };

  return createPortal(
    <div className={styles.searchOverlay} role="dialog" aria-modal aria-label={t('search.title')}>
      <button
        type="button"
        className={styles.searchClose}
        aria-label={t('search.close')}
        onClick={() => setSearch(false)}
      >
        <CloseOutlined />
      </button>
      <div className={styles.searchPanel}>
        <Input
          ref={input}
          size="large"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setCursor(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') setCursor((value) => Math.min(value + 1, results.length - 1));
            else if (event.key === 'ArrowUp') setCursor((value) => Math.max(value - 1, 0));
            else if (event.key === 'Enter') choose(results[cursor]);
            else return;
            event.preventDefault();
          }}
        />
        <div className={styles.searchResults} role="listbox">
          {query.trim() && results.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.noResult')} />
          ) : null}
          {!query.trim() ? <div className={styles.searchHint}>{t('search.hint')}</div> : null}
          {results.map((node, index) => (
            <button
              type="button"
              role="option"
              aria-selected={index === cursor}
              key={node.id}
              className={[styles.searchItem, index === cursor ? styles.searchItemActive : '']
                .filter(Boolean)
                .join(' ')}
              onMouseEnter={() => setCursor(index)}
              onClick={() => choose(node)}
            >
              <span className={styles.searchItemIcon}>
                <MenuIcon source={menuNodeIcon(node)} />
              </span>
              <span className={styles.searchItemText}>
                <span className={styles.searchItemName}>{menuLabel(node)}</span>
                <span className={styles.searchItemPath}>{breadcrumbOf(menu, node) || node.path}</span>
              </span>
              {index === cursor ? <EnterOutlined className={styles.searchItemEnter} /> : null}
            </button>
          ))}
        </div>
        <div className={styles.searchFooter}>{t('search.footer')}</div>
      </div>
    </div>,
    document.body,
  );
}
