import { ApartmentOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterTree } from '../tree/FilterTree';
import styles from './CrudPage.module.css';
import type { CrudTreeFilter } from './types';

interface CrudTreePanelProps {
  filter: CrudTreeFilter;
  /** The chosen node's value. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** Phones (under 768 px): folded above the list, opened by a bar that names the choice. */
  narrow: boolean;
}

const DEFAULT_WIDTH = 260;

/** The tree beside a CRUD list that filters it (`CrudPageProps.treeFilter`). */
export function CrudTreePanel({ filter, value, onChange, narrow }: CrudTreePanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState<string>();
  const title = t(filter.title);

  const tree = (
    <FilterTree
      queryKey={filter.queryKey}
      load={filter.load}
      loadChildren={filter.loadChildren}
      fieldNames={filter.fieldNames}
      label={title}
      selected={value}
      onSelect={(next, nextLabel) => {
        setLabel(nextLabel);
        onChange(next);
        // On a phone the choice folds the tree away, so that the filtered list is in view.
        if (narrow) setOpen(false);
      }}
    />
  );

  if (narrow) {
    return (
      <section className={styles.treeBar} aria-label={title}>
        <Button
          type="text"
          block
          className={styles.treeToggle}
          icon={<ApartmentOutlined />}
          aria-expanded={open}
          onClick={() => setOpen((shown) => !shown)}
        >
          <span className={styles.treeChoice}>
            {t('crud.treeChoice', {
              title,
              choice: value !== undefined && label ? label : t('crud.treeAll'),
            })}
          </span>
          {open ? <UpOutlined /> : <DownOutlined />}
        </Button>
        {/* Kept mounted while folded, so that the keyword and the loaded levels stay. */}
        <div className={styles.treeBody} style={open ? undefined : { display: 'none' }}>
          {tree}
        </div>
      </section>
    );
  }
  return (
    <aside className={styles.treeSide} style={{ width: filter.width ?? DEFAULT_WIDTH }} aria-label={title}>
      <div className={styles.treeTitle}>{title}</div>
      {tree}
    </aside>
  );
}
