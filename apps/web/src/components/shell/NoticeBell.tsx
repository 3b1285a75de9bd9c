import { BellOutlined, MessageOutlined, NotificationOutlined } from '@ant-design/icons';
import { NOTIFICATION_KINDS, NOTIFICATION_POLL_MS, type Notification } from '@cube/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Button, Empty, List, Modal, Popover, Spin, Tabs, Tag, Typography } from 'antd';
import { type UIEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchMyNotices, type MyNotice } from '../../api/notice';
import {
  fetchNotifications,
  fetchUnreadCount,
  markAllNotificationsRead,
  markNotificationsRead,
} from '../../api/notification';
import { setStore } from '../../lib/storage';
import { PAGE_SUFFIX } from '../../stores/menuRoutes';
import { HeaderAction } from './HeaderAction';
import styles from './shell.module.css';

/** Popover width and list height (px). */
export const NOTICE_POPOVER_WIDTH = 350;
export const NOTICE_SCROLL_HEIGHT = 300;
const PAGE_SIZE = 10;

/**
 * The bell's tabs and the `notice` dictionary category each one lists (mail, messages, notices). Mail
 * shows forwarded notices (转发通知, 3), messages the routine ones (事务通知, 6), notices every published notice.
 */
export const NOTICE_TABS = [
  { key: 'mail', category: '3' },
  { key: 'message', category: '6' },
  { key: 'notice', category: '' },
] as const;
type NoticeListKey = (typeof NOTICE_TABS)[number]['key'];
type NoticeTabKey = NoticeListKey | 'personal';

/** The 消息中心 page, opened from the bell's personal tab. */
export const NOTIFICATION_CENTRE_PATH = '/desk/notify/index';
const PERSONAL_SIZE = 10;

/** The console page a notification's link opens (a menu path renders at `<path>/index`). */
export const notificationHref = (link: string): string =>
  link ? `${link.replace(/\/+$/, '')}${PAGE_SUFFIX}` : '';

/** Loads more when the list is scrolled within this many pixels of its end. */
const SCROLL_SLACK = 24;

function useNoticePages(category: string) {
  return useInfiniteQuery({
    queryKey: ['desk', 'notice', 'my', category],
    queryFn: ({ pageParam }) => fetchMyNotices({ category, current: pageParam, size: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.current * last.size < last.total && last.records.length > 0 ? last.current + 1 : undefined,
  });
}

function NoticeList({
  query,
  onOpen,
}: {
  query: ReturnType<typeof useNoticePages>;
  onOpen: (notice: MyNotice) => void;
}) {
  const { t } = useTranslation();
  const records = query.data?.pages.flatMap((page) => page.records) ?? [];

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    const nearEnd = target.scrollHeight - target.scrollTop - target.clientHeight <= SCROLL_SLACK;
    if (nearEnd && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  if (query.isPending) {
    return (
      <div className={styles.noticeEmpty}>
        <Spin />
      </div>
    );
  }
  if (records.length === 0) {
    return (
      <div className={styles.noticeEmpty}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />
      </div>
    );
  }
  return (
    <div className={styles.noticeScroll} style={{ height: NOTICE_SCROLL_HEIGHT }} onScroll={onScroll}>
      <List<MyNotice>
        dataSource={records}
        renderItem={(item) => (
          <List.Item className={styles.noticeItem} onClick={() => onOpen(item)}>
            <List.Item.Meta
              avatar={<Avatar className={styles.noticeAvatar} icon={<NotificationOutlined />} />}
              title={<span className={styles.noticeTitle}>{item.title}</span>}
              description={
                <span className={styles.noticeMeta}>
                  {item.categoryName ? <Tag bordered={false}>{item.categoryName}</Tag> : null}
                  {item.releaseTime}
                </span>
              }
            />
          </List.Item>
        )}
      />
      <div className={styles.noticeMore}>
        {query.isFetchingNextPage ? <Spin size="small" /> : query.hasNextPage ? '' : t('notice.noMore')}
      </div>
    </div>
  );
}

/**
 * The caller's own notifications: the unread count is asked for every half minute while the page is visible
 * (react-query pauses the interval in a hidden tab) and at once when the window regains focus.
 */
function usePersonalNotifications(open: boolean) {
  const unread = useQuery({
    queryKey: ['notification', 'unread'],
    queryFn: fetchUnreadCount,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const recent = useQuery({
    queryKey: ['notification', 'recent'],
    queryFn: () => fetchNotifications({ current: 1, size: PERSONAL_SIZE }),
    enabled: open,
  });
  return { unread: unread.data ?? 0, recent };
}

function PersonalList({
  recent,
  onOpen,
  onReadAll,
  onMore,
}: {
  recent: ReturnType<typeof usePersonalNotifications>['recent'];
  onOpen: (item: Notification) => void;
  onReadAll: () => void;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  const records = recent.data?.records ?? [];
  if (recent.isPending) {
    return (
      <div className={styles.noticeEmpty}>
        <Spin />
      </div>
    );
  }
  return (
    <>
      {records.length === 0 ? (
        <div className={styles.noticeEmpty}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />
        </div>
      ) : (
        <div className={styles.noticeScroll} style={{ height: NOTICE_SCROLL_HEIGHT }}>
          <List<Notification>
            dataSource={records}
            renderItem={(item) => (
              <List.Item className={styles.noticeItem} onClick={() => onOpen(item)}>
                <List.Item.Meta
                  avatar={
                    <Badge dot={!item.readTime}>
                      <Avatar className={styles.noticeAvatar} icon={<MessageOutlined />} />
                    </Badge>
                  }
                  title={<span className={styles.noticeTitle}>{item.title}</span>}
                  description={
                    <span className={styles.noticeMeta}>
                      <Tag bordered={false}>
                        {NOTIFICATION_KINDS.includes(item.kind)
                          ? t(`screens.notify.kinds.${item.kind}`)
                          : item.kind}
                      </Tag>
                      {item.createTime}
                    </span>
                  }
                />
              </List.Item>
            )}
          />
        </div>
      )}
      <div className={styles.noticeMore}>
        <Button type="link" size="small" onClick={onReadAll}>
          {t('notice.readAll')}
        </Button>
        <Button type="link" size="small" onClick={onMore}>
          {t('notice.viewAll')}
        </Button>
      </div>
    </>
  );
}

/**
 * The notice bell: a popover with the caller's own notifications (unread count on the badge, polled) and the mail,
 * message and notice tabs of published notices, paged by scrolling.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<NoticeTabKey>('notice');
  const [detail, setDetail] = useState<MyNotice | undefined>();
  const mail = useNoticePages(NOTICE_TABS[0].category);
  const message = useNoticePages(NOTICE_TABS[1].category);
  const notice = useNoticePages(NOTICE_TABS[2].category);
  const queries: Record<NoticeListKey, ReturnType<typeof useNoticePages>> = { mail, message, notice };
  const total = (key: NoticeListKey) => queries[key].data?.pages[0]?.total ?? 0;
  const personal = usePersonalNotifications(open);
  const client = useQueryClient();
  const navigate = useNavigate();
  const refreshPersonal = () => client.invalidateQueries({ queryKey: ['notification'] });

  const openPersonal = async (item: Notification) => {
    setOpen(false);
    if (!item.readTime) await markNotificationsRead([item.id]);
    void refreshPersonal();
    const href = notificationHref(item.link);
    void navigate(href || NOTIFICATION_CENTRE_PATH);
  };
  const readAll = async () => {
    await markAllNotificationsRead();
    void refreshPersonal();
  };

  const openNotice = (item: MyNotice) => {
    // The notice being read is kept in session storage.
    setStore('notice', item, 'session');
    setOpen(false);
    setDetail(item);
  };

  const content = (
    <Tabs
      className={styles.noticeTabs}
      activeKey={tab}
      centered
      onChange={(key) => setTab(key as NoticeTabKey)}
      items={[
        {
          key: 'personal',
          label: `${t('notice.tabs.personal')} (${personal.unread})`,
          children: (
            <PersonalList
              recent={personal.recent}
              onOpen={(item) => void openPersonal(item)}
              onReadAll={() => void readAll()}
              onMore={() => {
                setOpen(false);
                void navigate(NOTIFICATION_CENTRE_PATH);
              }}
            />
          ),
        },
        ...NOTICE_TABS.map(({ key }) => ({
          key,
          label: `${t(`notice.tabs.${key}`)} (${total(key)})`,
          children: <NoticeList query={queries[key]} onOpen={openNotice} />,
        })),
      ]}
    />
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottom"
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) {
            for (const query of Object.values(queries)) void query.refetch();
            void refreshPersonal();
            // Unread messages of one's own come first; otherwise the published notices, as before.
            if (personal.unread > 0) setTab('personal');
          }
        }}
        content={content}
        // 350 px wide, but never wider than a phone's screen. Centred under the bell because that
        // placement shifts sideways to stay on screen; a corner placement only flips, and on a phone neither
        // side fits.
        styles={{
          container: { width: `min(${NOTICE_POPOVER_WIDTH}px, calc(100vw - 16px))`, padding: '4px 0 0' },
        }}
        arrow={false}
      >
        <HeaderAction title={t('notice.title')} hideTooltip={open}>
          <Badge count={personal.unread} overflowCount={99} size="small" offset={[4, -2]}>
            <BellOutlined className={styles.actionIcon} />
          </Badge>
        </HeaderAction>
      </Popover>
      <Modal
        open={Boolean(detail)}
        title={detail?.title}
        footer={null}
        width={640}
        onCancel={() => setDetail(undefined)}
      >
        <div className={styles.noticeDetailMeta}>
          {detail?.categoryName ? <Tag color="blue">{detail.categoryName}</Tag> : null}
          <Typography.Text type="secondary">{detail?.releaseTime}</Typography.Text>
        </div>
        <Typography.Paragraph className={styles.noticeDetailBody}>{detail?.content}</Typography.Paragraph>
      </Modal>
    </>
  );
}
