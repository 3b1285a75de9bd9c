import { articleEntity, type PortalArticle } from '@cube/contract';
import { articleApi } from '../../../api/portal';
import { CrudPage, entityFields, entityPermissions, type MessageKey } from '../../../components/crud';
import { contentField, IMAGE_UPLOAD, previewAction, publishFields } from './fields';

const category = (key: string) => `screens.portalArticle.${key}` as MessageKey;

/** 文章管理: news, party-building news, policies, science education and WeChat article links. */
const fields = entityFields(articleEntity, [
  { name: 'title', search: true, span: 24, table: { ellipsis: true } },
  {
    name: 'category',
    type: 'select',
    search: true,
    options: [
      { label: category('catNews'), value: 1 },
      { label: category('catParty'), value: 2 },
      { label: category('catPolicy'), value: 3 },
      { label: category('catScience'), value: 4 },
      { label: category('catWechat'), value: 5 },
    ],
    table: { width: 110 },
  },
  { name: 'isTop', type: 'switch', initialValue: 0, table: { width: 70 } },
  ...publishFields('portalArticle'),
  { name: 'source', table: false },
  { name: 'author', table: false },
  { name: 'linkUrl', span: 24, help: 'screens.portalArticle.linkUrlHelp', table: false },
  { name: 'coverUrl', type: 'upload', upload: IMAGE_UPLOAD, table: false },
  { name: 'summary', type: 'textarea', rows: 3, table: false },
  contentField('portalArticle'),
]);

export default function ArticlePage() {
  return (
    <CrudPage<PortalArticle>
      resource={articleEntity.name}
      api={articleApi}
      fields={fields}
      permissions={entityPermissions(articleEntity)}
      dialogWidth={960}
      actionWidth={230}
      rowActions={[previewAction<PortalArticle>('portalArticle', '/newsDetails')]}
    />
  );
}
