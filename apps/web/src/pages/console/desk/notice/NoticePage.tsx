import { type Notice, noticeEntity } from '@cube/contract';
import { noticeAdminApi } from '../../../../api/noticeAdmin';
import { CrudPage, createTimeField, entityFields, entityPermissions } from '../../../../components/crud';

/** Notice administration: labels, validation and button codes from the contract's `noticeEntity`. */
const fields = entityFields(noticeEntity, [
  { name: 'title', search: true, span: 24 },
  {
    name: 'category',
    type: 'dict',
    dict: { code: 'notice', numeric: true },
    search: true,
    table: { width: 120 },
  },
  { name: 'releaseTime', type: 'datetime', search: true, table: { width: 170 } },
  { name: 'content', type: 'textarea', rows: 8, table: { ellipsis: true } },
  createTimeField({ search: false, table: false }),
]);

export default function NoticePage() {
  return (
    <CrudPage<Notice>
      resource="notice-admin"
      api={noticeAdminApi}
      fields={fields}
      permissions={entityPermissions(noticeEntity)}
    />
  );
}
