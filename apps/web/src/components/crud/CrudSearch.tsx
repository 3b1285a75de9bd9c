import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './CrudPage.module.css';
import { FieldControl } from './FieldControl';
import type { CrudField } from './types';
import { type FormValues, toSearchQuery } from './values';

interface CrudSearchProps {
  fields: readonly CrudField[];
  /** The new filters; the page goes back to page 1. */
  onSearch: (filters: Record<string, string | number>) => void;
  loading?: boolean;
}

/** The search form of a CRUD page: one control per `search` field, 搜索 and 清空. */
export function CrudSearch({ fields, onSearch, loading }: CrudSearchProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const searchFields = fields.filter((field) => field.search);
  if (searchFields.length === 0) return null;

  return (
    <Form
      form={form}
      className={styles.search}
      name="crud-search"
      onFinish={(values) => onSearch(toSearchQuery(values, searchFields))}
      role="search"
    >
      <Row gutter={[16, 0]}>
        {searchFields.map((field) => (
          <Col key={field.name} xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name={field.name} label={t(field.label)}>
              <FieldControl field={field} purpose="search" />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={8} xl={6}>
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
                }}
              >
                {t('crud.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
