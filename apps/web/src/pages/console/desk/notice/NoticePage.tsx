import { type NoticeRecord, noticeAdminApi } from '../../../../api/noticeAdmin';
import { type CrudField, CrudPage, createTimeField } from '../../../../components/crud';

/** Notice administration: a second screen on the CRUD framework (category from dictionary `notice`). */
const fields: CrudField[] = [
  {
    name: 'title',
    label: 'screens.notice.title',
    search: true,
    required: 'screens.notice.titleRequired',
    maxLength: 255,
    span: 24,
  },
  {
    name: 'category',
    label: 'screens.notice.category',
    type: 'dict',
    dict: { code: 'notice', numeric: true },
    search: true,
    required: 'screens.notice.categoryRequired',
    table: { width: 120 },
  },
  {
    name: 'releaseTime',
    label: 'screens.notice.releaseTime',
    type: 'datetime',
    search: true,
    required: 'screens.notice.releaseTimeRequired',
    table: { width: 170 },
  },
  {
    name: 'content',
    label: 'screens.notice.content',
    type: 'textarea',
    maxLength: 20_000,
    rows: 8,
    table: { ellipsis: true },
  },
  createTimeField({ search: false, table: false }),
];

export default function NoticePage() {
  return (
    <CrudPage<NoticeRecord>
      resource="notice-admin"
      api={noticeAdminApi}
      fields={fields}
      permissions={{ add: 'notice_add', edit: 'notice_edit', delete: 'notice_delete', view: 'notice_view' }}
    />
  );
}
