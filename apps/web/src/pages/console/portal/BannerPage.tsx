import { bannerEntity, type PortalBanner } from '@cube/contract';
import { bannerApi } from '../../../api/portal';
import { CrudPage, entityFields, entityPermissions } from '../../../components/crud';
import { IMAGE_UPLOAD, publishFields } from './fields';

/** 首页轮播: the home page's hero slides, in `sort` order. */
const fields = entityFields(bannerEntity, [
  { name: 'title', search: true },
  { name: 'subtitle', type: 'textarea', rows: 2, table: { ellipsis: true } },
  { name: 'linkUrl', table: { ellipsis: true } },
  { name: 'sort', type: 'number', min: 0, max: 99_999, initialValue: 0, table: { width: 70 } },
  ...publishFields('portalBanner'),
  { name: 'imageUrl', type: 'upload', upload: IMAGE_UPLOAD, table: false },
]);

export default function BannerPage() {
  return (
    <CrudPage<PortalBanner>
      resource={bannerEntity.name}
      api={bannerApi}
      fields={fields}
      permissions={entityPermissions(bannerEntity)}
    />
  );
}
