import { BellOutlined, NotificationOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Avatar, Badge, Empty, List, Modal, Popover, Spin, Tabs, Tag, Typography } from 'antd';
import { type UIEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMyNotices, type MyNotice } from '../../api/notice';
import { setStore } from '../../lib/storage';
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
type NoticeTabKey = (typeof NOTICE_TABS)[number]['key'];

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

/** The notice bell: a popover with the mail, message and notice tabs, paged by scrolling. */
export function NoticeBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<NoticeTabKey>('notice');
  const [detail, setDetail] = useState<MyNotice | undefined>();
  const mail = useNoticePages(NOTICE_TABS[0].category);
  const message = useNoticePages(NOTICE_TABS[1].category);
  const notice = useNoticePages(NOTICE_TABS[2].category);
  const queries: Record<NoticeTabKey, ReturnType<typeof useNoticePages>> = { mail, message, notice };
  const total = (key: NoticeTabKey) => queries[key].data?.pages[0]?.total ?? 0;

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
      items={NOTICE_TABS.map(({ key }) => ({
        key,
        label: `${t(`notice.tabs.${key}`)} (${total(key)})`,
        children: <NoticeList query={queries[key]} onOpen={openNotice} />,
      }))}
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
          if (next) for (const query of Object.values(queries)) void query.refetch();
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
          <Badge count={total('notice')} overflowCount={99} size="small" offset={[4, -2]}>
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
