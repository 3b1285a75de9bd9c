import { MailOutlined, SendOutlined } from '@ant-design/icons';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_SMTP_PERMISSION,
  type Notification,
  type NotificationKind,
} from '@cube/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  fetchNotifications,
  fetchUnreadCount,
  markAllNotificationsRead,
  markNotificationsRead,
} from '../../../api/notification';
import { notificationHref } from '../../../components/shell/NoticeBell';
import { useCan } from '../../../stores/permission';
import { SmtpSettingsDialog, SmtpTestDialog } from './SmtpDialogs';

const PAGE_SIZE = 10;

/**
 * 消息中心: the caller's own notifications, newest first, paged; filtered by kind or to the unread ones; one or
 * all marked read. Opening one marks it read and goes to the page it is about. The tenant's administrator (button
 * `notify_smtp`) also sets the mail server the notifications are copied through, and sends a test mail.
 */
export default function NotifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [unread, setUnread] = useState(false);
  const [kind, setKind] = useState<NotificationKind | undefined>();
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'smtp' | 'test' | null>(null);
  const can = useCan();

  const page = useQuery({
    queryKey: ['notification', 'page', current, size, unread, kind],
    queryFn: () => fetchNotifications({ current, size, unread, kind }),
  });
  const count = useQuery({ queryKey: ['notification', 'unread'], queryFn: fetchUnreadCount });
  const refresh = () => client.invalidateQueries({ queryKey: ['notification'] });

  const markRead = async (ids: string[]) => {
    if (ids.length > 0) await markNotificationsRead(ids);
    setSelected([]);
    await refresh();
  };
  const open = async (item: Notification) => {
    if (!item.readTime) await markRead([item.id]);
    const href = notificationHref(item.link);
    if (href) void navigate(href);
  };

  return (
    <Card
      title={
        <Space>
          {t('screens.notify.unreadCount', { count: count.data ?? 0 })}
          <Select<NotificationKind>
            allowClear
            style={{ width: 140 }}
            placeholder={t('screens.notify.kindPlaceholder')}
            value={kind}
            onChange={(next) => {
              setKind(next);
              setCurrent(1);
            }}
            options={NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`screens.notify.kinds.${k}`) }))}
          />
          <Space size={4}>
            <Switch
              size="small"
              checked={unread}
              onChange={(next) => {
                setUnread(next);
                setCurrent(1);
              }}
            />
            {t('screens.notify.onlyUnread')}
          </Space>
        </Space>
      }
      extra={
        <Space>
          {can(NOTIFICATION_SMTP_PERMISSION) ? (
            <>
              <Button icon={<MailOutlined />} onClick={() => setDialog('smtp')}>
                {t('screens.notify.smtp.settings')}
              </Button>
              <Button icon={<SendOutlined />} onClick={() => setDialog('test')}>
                {t('screens.notify.smtp.test')}
              </Button>
            </>
          ) : null}
          <Button disabled={selected.length === 0} onClick={() => void markRead(selected)}>
            {t('screens.notify.markRead')}
          </Button>
          <Button
            type="primary"
            onClick={async () => {
              await markAllNotificationsRead();
              await refresh();
            }}
          >
            {t('screens.notify.readAll')}
          </Button>
        </Space>
      }
    >
      <Table<Notification>
        rowKey="id"
        size="middle"
        loading={page.isFetching}
        dataSource={page.data?.records ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current,
          pageSize: size,
          total: page.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (nextPage, nextSize) => {
            setCurrent(nextPage);
            setSize(nextSize);
          },
        }}
        columns={[
          {
            title: t('screens.notify.title'),
            dataIndex: 'title',
            render: (_, item) => (
              <Space direction="vertical" size={0}>
                <Typography.Link strong={!item.readTime} onClick={() => void open(item)}>
                  {item.title}
                </Typography.Link>
                {item.body ? <Typography.Text type="secondary">{item.body}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            title: t('screens.notify.kind'),
            dataIndex: 'kind',
            width: 110,
            render: (value: NotificationKind) => (
              <Tag>{NOTIFICATION_KINDS.includes(value) ? t(`screens.notify.kinds.${value}`) : value}</Tag>
            ),
          },
          {
            title: t('screens.notify.state'),
            dataIndex: 'readTime',
            width: 90,
            render: (value: string) =>
              value ? (
                <Badge status="default" text={t('screens.notify.read')} />
              ) : (
                <Badge status="processing" text={t('screens.notify.unread')} />
              ),
          },
          { title: t('screens.notify.createTime'), dataIndex: 'createTime', width: 170 },
        ]}
      />
      <SmtpSettingsDialog open={dialog === 'smtp'} onClose={() => setDialog(null)} />
      <SmtpTestDialog open={dialog === 'test'} onClose={() => setDialog(null)} />
    </Card>
  );
}
