import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudField, CrudRowAction, MessageKey } from '../../../components/crud';
import { RichTextField } from '../../../components/richtext/RichTextField';

/** Fields every portal content screen shares: cover, body, publish state and time. */
export const IMAGE_UPLOAD = {
  accept: ['jpg', 'jpeg', 'png', 'webp', 'gif'],
  maxKb: 2048,
  listType: 'picture-card',
} as const;

function PublishTag({ screen, published }: { screen: string; published: boolean }) {
  const { t } = useTranslation();
  const key = `screens.${screen}.${published ? 'published' : 'draft'}` as MessageKey;
  return published ? <Tag color="green">{t(key)}</Tag> : <Tag>{t(key)}</Tag>;
}

export const publishFields = (screen: string): CrudField[] => [
  {
    name: 'isPublish',
    label: `screens.${screen}.isPublish` as MessageKey,
    type: 'select',
    search: true,
    initialValue: 0,
    options: [
      { label: `screens.${screen}.draft` as MessageKey, value: 0 },
      { label: `screens.${screen}.published` as MessageKey, value: 1 },
    ],
    table: {
      width: 90,
      render: (value) => <PublishTag screen={screen} published={value === 1} />,
    },
  },
  {
    name: 'publishTime',
    label: `screens.${screen}.publishTime` as MessageKey,
    type: 'datetime',
    help: `screens.${screen}.publishTimeHelp` as MessageKey,
    table: { width: 170 },
  },
];

export const contentField = (screen: string): CrudField => ({
  name: 'content',
  label: `screens.${screen}.content` as MessageKey,
  control: RichTextField,
  span: 24,
  table: false,
});

/** 预览: the row's public page in a new tab (drafts answer the site's 404 page). */
export function previewAction<T extends { id: string }>(screen: string, path: string): CrudRowAction<T> {
  return {
    key: 'preview',
    label: `screens.${screen}.preview` as MessageKey,
    onClick: ({ record }) => {
      window.open(`${path}?id=${record.id}`, '_blank', 'noopener');
    },
  };
}
