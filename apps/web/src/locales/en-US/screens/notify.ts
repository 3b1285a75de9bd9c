import type { Messages } from '../../zh-CN';

export const notify: Messages['screens']['notify'] = {
  title: 'Title',
  kind: 'Kind',
  createTime: 'Time',
  state: 'State',
  unread: 'Unread',
  read: 'Read',
  all: 'All',
  onlyUnread: 'Unread only',
  markRead: 'Mark read',
  readAll: 'Mark all read',
  open: 'Open',
  kindPlaceholder: 'All kinds',
  unreadCount: '{{count}} unread',
  kinds: {
    task_assigned: 'Task to do',
    task_claimable: 'Task to claim',
    task_returned: 'Task returned',
    task_completed: 'Task completed',
    lead_new: 'Customer inquiry',
    deadline_approaching: 'Deadline approaching',
    deadline_missed: 'Deadline missed',
  },
};
