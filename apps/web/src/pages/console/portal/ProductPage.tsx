import { type PortalProduct, productEntity } from '@cube/contract';
import { productApi } from '../../../api/portal';
import { CrudPage, entityFields, entityPermissions, type MessageKey } from '../../../components/crud';
import { contentField, IMAGE_UPLOAD, previewAction, publishFields } from './fields';

const category = (key: string) => `screens.portalProduct.${key}` as MessageKey;

/** 产品服务: the agency's services shown on /productServices and /productDetails. */
const fields = entityFields(productEntity, [
  { name: 'name', search: true },
  {
    name: 'category',
    type: 'select',
    search: true,
    options: [
      { label: category('catPatent'), value: 1 },
      { label: category('catTrademark'), value: 2 },
      { label: category('catCopyright'), value: 3 },
      { label: category('catConsulting'), value: 4 },
    ],
    table: { width: 120 },
  },
  { name: 'sort', type: 'number', min: 0, max: 99_999, initialValue: 0, table: { width: 70 } },
  ...publishFields('portalProduct'),
  { name: 'coverUrl', type: 'upload', upload: IMAGE_UPLOAD, table: false },
  { name: 'summary', type: 'textarea', rows: 3, table: { ellipsis: true } },
  contentField('portalProduct'),
]);

export default function ProductPage() {
  return (
    <CrudPage<PortalProduct>
      resource={productEntity.name}
      api={productApi}
      fields={fields}
      permissions={entityPermissions(productEntity)}
      dialogWidth={960}
      actionWidth={230}
      rowActions={[previewAction<PortalProduct>('portalProduct', '/productDetails')]}
    />
  );
}
