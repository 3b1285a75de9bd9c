import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, Grid, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmpty } from '../../lib/validators';
import styles from './CrudPage.module.css';
import { FieldControl } from './FieldControl';
import type { CrudField } from './types';
import { type FormValues, toSearchQuery } from './values';

interface CrudSearchProps {
  fields: readonly CrudField[];
  /** The new filters; the page goes back to page 1. */
  onSearch: (filters: Record<string, string | number>) => void;
  /** 清空 was pressed (after `onSearch({})`). */
  onReset?: () => void;
  loading?: boolean;
}

/** Controls per row at each width, matching the columns' spans below (the buttons take one slot). */
const SLOTS_PER_ROW = { xs: 1, sm: 2, lg: 3, xl: 4 } as const;
const COLUMN = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;

/** How many search fields show while collapsed: two rows' worth, the buttons included. */
export function collapsedFieldCount(screens: Partial<Record<string, boolean>>): number {
  const perRow = screens.xl
    ? SLOTS_PER_ROW.xl
    : screens.lg
      ? SLOTS_PER_ROW.lg
      : screens.sm
        ? SLOTS_PER_ROW.sm
        : SLOTS_PER_ROW.xs;
  return 2 * perRow - 1;
}

/**
 * The search form of a CRUD page: one control per `search` field, 搜索 and 清空. When the fields need more than two
 * rows (on a phone, more than one field) the empty ones among the rest fold away behind 展开 / 收起.
 */
export function CrudSearch({ fields, onSearch, onReset, loading }: CrudSearchProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [expanded, setExpanded] = useState(false);
  const values = Form.useWatch((all: FormValues) => all, form);
  const visibleCount = collapsedFieldCount(Grid.useBreakpoint());
  const searchFields = fields.filter((field) => field.search);
  if (searchFields.length === 0) return null;
  const foldable = searchFields.length > visibleCount;
  // A field holding a filter never folds away: the list must not be narrowed by something the user cannot see.
  const folded = (name: string, index: number) =>
    foldable && !expanded && index >= visibleCount && isEmpty(values?.[name]);

  return (
    <Form
      form={form}
      className={styles.search}
      name="crud-search"
      onFinish={(values) => onSearch(toSearchQuery(values, searchFields))}
      role="search"
    >
      <Row gutter={[16, 0]}>
        {searchFields.map((field, index) => (
          <Col
            key={field.name}
            {...COLUMN}
            // Inline, because antd's column class would override a `hidden` attribute.
            style={folded(field.name, index) ? { display: 'none' } : undefined}
          >
            <Form.Item name={field.name} label={t(field.label)}>
              <FieldControl field={field} purpose="search" />
            </Form.Item>
          </Col>
        ))}
        <Col {...COLUMN}>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
                {t('crud.search')}
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  onSearch({});
                  onReset?.();
                }}
              >
                {t('crud.reset')}
              </Button>
              {foldable ? (
                <Button
                  type="link"
                  icon={expanded ? <UpOutlined /> : <DownOutlined />}
                  iconPlacement="end"
                  aria-expanded={expanded}
                  onClick={() => setExpanded((value) => !value)}
                >
                  {t(expanded ? 'crud.collapseSearch' : 'crud.expandSearch')}
                </Button>
              ) : null}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
