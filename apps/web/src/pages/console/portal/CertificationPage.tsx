import { certificationEntity, type PortalCertification } from '@cube/contract';
import { certificationApi } from '../../../api/portal';
import { CrudPage, entityFields, entityPermissions } from '../../../components/crud';
import { contentField, IMAGE_UPLOAD, previewAction, publishFields } from './fields';

/** 体系认证: the certification services shown on /productServices and /systemDetails. */
const fields = entityFields(certificationEntity, [
  { name: 'name', search: true },
  { name: 'standard', search: true, table: { width: 170 } },
  { name: 'sort', type: 'number', min: 0, max: 99_999, initialValue: 0, table: { width: 70 } },
  ...publishFields('portalCertification'),
  { name: 'coverUrl', type: 'upload', upload: IMAGE_UPLOAD, table: false },
  { name: 'summary', type: 'textarea', rows: 3, table: { ellipsis: true } },
  contentField('portalCertification'),
]);

export default function CertificationPage() {
  return (
    <CrudPage<PortalCertification>
      resource={certificationEntity.name}
      api={certificationApi}
      fields={fields}
      permissions={entityPermissions(certificationEntity)}
      dialogWidth={960}
      actionWidth={230}
      rowActions={[previewAction<PortalCertification>('portalCertification', '/systemDetails')]}
    />
  );
}
