import { type Post, postEntity } from '@cube/contract';
import { postApi } from '../../../../api/user';
import { CrudPage, createTimeField, entityFields, entityPermissions } from '../../../../components/crud';

/** 岗位管理: the tenant's posts; category from dictionary `post_category`. */
const fields = entityFields(postEntity, [
  {
    name: 'category',
    type: 'dict',
    dict: { code: 'post_category', numeric: true },
    search: true,
    table: { width: 110 },
  },
  { name: 'postCode', search: true, table: { width: 160 } },
  { name: 'postName', search: true, table: { width: 180 } },
  { name: 'sort', type: 'number', precision: 0, min: 0, max: 99_999, initialValue: 1, table: { width: 100 } },
  { name: 'remark', type: 'textarea', table: { ellipsis: true, width: 220 } },
  createTimeField({ search: false }),
]);

export default function PostPage() {
  return (
    <CrudPage<Post>
      resource={postEntity.name}
      api={postApi}
      fields={fields}
      permissions={entityPermissions(postEntity)}
    />
  );
}
