import { NOTIFICATION_KIND_LABELS } from '@cube/contract';

export const notify = {
  title: '标题',
  kind: '类型',
  createTime: '时间',
  state: '状态',
  unread: '未读',
  read: '已读',
  all: '全部',
  onlyUnread: '只看未读',
  markRead: '标为已读',
  readAll: '全部已读',
  open: '查看',
  kindPlaceholder: '全部类型',
  unreadCount: '未读 {{count}} 条',
  kinds: { ...NOTIFICATION_KIND_LABELS },
};
