import { BugOutlined, DownloadOutlined, ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { REGION_LEVELS, REGION_ROOT_CODE, type Region, regionEntity } from '@cube/contract';
import { Button, Checkbox, Modal, Space, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createRegionApi,
  downloadRegionTemplate,
  exportRegions,
  importRegions,
  type RegionRow,
} from '../../../../api/region';
import {
  type CrudControlProps,
  CrudPage,
  entityFields,
  entityPermissions,
  type MessageKey,
} from '../../../../components/crud';
import { reportFailure } from '../../../../components/crud/failures';
import { RegionCascader } from '../../../../components/region/RegionCascader';
import { useMessageApi } from '../../../../lib/feedback';
import { i18n } from '../../../../lib/i18n';

const levelOptions = REGION_LEVELS.map((l) => ({
  value: l.value,
  label: `screens.region.level${l.value}` as MessageKey,
}));

/**
 * National division codes nest by length (province 2, city 4, county 6, town 9, village 12 digits), so a code's
 * path from the province down is its prefixes; `00` (the country) has none.
 */
export function regionPath(code: string): string[] {
  if (!code || code === REGION_ROOT_CODE) return [];
  return [2, 4, 6, 9, 12].filter((n) => n <= code.length).map((n) => code.slice(0, n));
}

/** 上级区划: picked level by level with the region cascader; no choice is the country (`00`). */
function ParentRegion({ value, onChange, disabled, id }: CrudControlProps) {
  return (
    <RegionCascader
      id={id}
      depth={4}
      changeOnSelect
      disabled={disabled}
      value={regionPath(String(value ?? ''))}
      onChange={(codes) => onChange?.((codes as string[]).at(-1) ?? REGION_ROOT_CODE)}
    />
  );
}

const fields = entityFields(regionEntity, [
  { name: 'name', search: true, table: { width: 260 } },
  {
    name: 'code',
    search: true,
    help: 'screens.region.codeHelp',
    readOnlyIn: ['edit'],
    table: { width: 160 },
  },
  {
    name: 'parentCode',
    control: ParentRegion,
    initialValue: REGION_ROOT_CODE,
    readOnlyIn: ['edit'],
    table: { width: 140 },
  },
  {
    name: 'regionLevel',
    type: 'select',
    options: levelOptions,
    search: true,
    form: false,
    view: true,
    table: { width: 120, render: (value) => i18n.t(`screens.region.level${Number(value)}` as never) },
  },
  { name: 'sort', type: 'number', precision: 0, min: 0, initialValue: 1, table: { width: 80 } },
  { name: 'provinceName', form: false, table: false },
  { name: 'cityName', form: false, table: false },
  { name: 'districtName', form: false, table: false },
  { name: 'remark', type: 'textarea', table: { ellipsis: true } },
]);

/** 导入: an xlsx of regions, optionally overwriting the names of codes that exist. */
function ImportDialog({
  open,
  onClose,
  reload,
}: {
  open: boolean;
  onClose: () => void;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [covered, setCovered] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={t('screens.region.importTitle')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('screens.region.importHint')}</Typography.Paragraph>
        <Checkbox checked={covered} onChange={(e) => setCovered(e.target.checked)}>
          {t('screens.region.covered')}
        </Checkbox>
        <Space>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            customRequest={async ({ file }) => {
              const blob = file as File;
              setBusy(true);
              try {
                const { msg } = await importRegions(blob, blob.name, covered);
                void message.success(msg);
                onClose();
                await reload();
              } catch (error) {
                reportFailure(error, message);
              } finally {
                setBusy(false);
              }
            }}
          >
            <Button type="primary" icon={<ImportOutlined />} loading={busy}>
              {t('screens.region.chooseFile')}
            </Button>
          </Upload>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadRegionTemplate()}>
            {t('screens.region.template')}
          </Button>
        </Space>
      </Space>
    </Modal>
  );
}

/** 调试: tries the cascading region picker forms use, down to the village, and shows the codes it gives. */
function DebugDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string[]>([]);
  return (
    <Modal
      open={open}
      title={t('screens.region.debugTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('screens.region.debugHint')}</Typography.Paragraph>
        <RegionCascader
          depth={5}
          changeOnSelect
          value={value}
          onChange={(next) => setValue(Array.isArray(next) ? next.map(String) : [])}
        />
        <Typography.Text data-testid="region-debug-value">
          {t('screens.region.debugValue')}
          {value.join(',') || '-'}
        </Typography.Text>
      </Space>
    </Modal>
  );
}

/**
 * 行政区划: China's divisions as a lazy tree table (province → city → county → town → village),
 * keyed by division code. A child is added under its row with the code, parent and level preset; the place in
 * the tree is fixed once saved. Import and export use xlsx.
 */
export default function RegionPage() {
  const message = useMessageApi();
  const api = useMemo(() => createRegionApi(), []);
  const [importing, setImporting] = useState<{ reload: () => Promise<void> }>();
  const [debugging, setDebugging] = useState(false);
  return (
    <>
      <CrudPage<RegionRow>
        resource={regionEntity.name}
        api={api}
        fields={fields}
        permissions={entityPermissions(regionEntity)}
        actionWidth={260}
        addChild={{
          hidden: (record: Region) => record.regionLevel >= 5,
          preset: (parent: Region) => ({
            parentCode: parent.code,
            code: parent.code === REGION_ROOT_CODE ? '' : parent.code,
          }),
        }}
        toolbarActions={[
          {
            key: 'import',
            label: 'screens.region.import',
            icon: <ImportOutlined />,
            permission: 'region_import',
            onClick: ({ reload }) => setImporting({ reload }),
          },
          {
            key: 'export',
            label: 'screens.region.export',
            icon: <ExportOutlined />,
            permission: 'region_export',
            onClick: async ({ filters }) => {
              try {
                await exportRegions(filters);
              } catch (error) {
                reportFailure(error, message);
              }
            },
          },
          {
            key: 'debug',
            label: 'screens.region.debug',
            icon: <BugOutlined />,
            permission: 'region_debug',
            onClick: () => setDebugging(true),
          },
        ]}
      />
      <DebugDialog open={debugging} onClose={() => setDebugging(false)} />
      <ImportDialog
        open={importing !== undefined}
        onClose={() => setImporting(undefined)}
        reload={importing?.reload ?? (async () => undefined)}
      />
    </>
  );
}
