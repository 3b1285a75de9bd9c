import { ClearOutlined, RobotOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Input, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChatTurn, streamChat } from '../../api/chat';
import { getStore, setStore } from '../../lib/storage';
import { HeaderAction } from './HeaderAction';
import styles from './shell.module.css';

/**
 * The assistant (a streamed chat-completion helper): a drawer that sends the conversation to the chat
 * helper and shows the answer as it streams in. 停止 aborts the stream; the conversation stays in session
 * storage until the tab closes (and is cleared at logout with the other site keys).
 */
export function AssistantButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [turns, setTurns] = useState<ChatTurn[]>(() => getStore<ChatTurn[]>('chat') ?? []);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const running = useRef<AbortController | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setStore('chat', turns, 'session');
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [turns]);
  useEffect(() => () => running.current?.abort(), []);

  const send = async () => {
    const question = draft.trim();
    if (!question || busy) return;
    const asked: ChatTurn[] = [...turns, { role: 'user', content: question }];
    setTurns([...asked, { role: 'assistant', content: '' }]);
    setDraft('');
    setError(undefined);
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    try {
      await streamChat(
        asked,
        (text) =>
          setTurns((current) => {
            const last = current[current.length - 1];
            if (last?.role !== 'assistant') return current;
            return [...current.slice(0, -1), { ...last, content: last.content + text }];
          }),
        controller.signal,
      );
    } catch (failure) {
      if (!controller.signal.aborted) setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      running.current = undefined;
      setBusy(false);
      // An answer that never started is not kept as an empty turn.
      setTurns((current) => {
        const last = current[current.length - 1];
        return last?.role === 'assistant' && last.content === '' ? current.slice(0, -1) : current;
      });
    }
  };

  const stop = () => running.current?.abort();

  return (
    <>
      <HeaderAction title={t('assistant.title')} onClick={() => setOpen(true)}>
        <RobotOutlined />
      </HeaderAction>
      <Drawer
        title={t('assistant.title')}
        open={open}
        onClose={() => setOpen(false)}
        width={420}
        extra={
          <Button
            size="small"
            icon={<ClearOutlined />}
            disabled={busy || turns.length === 0}
            onClick={() => setTurns([])}
          >
            {t('assistant.clear')}
          </Button>
        }
        footer={
          <Space.Compact style={{ width: '100%' }}>
            <Input.TextArea
              aria-label={t('assistant.question')}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onPressEnter={(event) => {
                if (!event.shiftKey) {
                  event.preventDefault();
                  void send();
                }
              }}
              placeholder={t('assistant.placeholder')}
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={8000}
            />
            {busy ? (
              <Button danger icon={<StopOutlined />} onClick={stop}>
                {t('assistant.stop')}
              </Button>
            ) : (
              <Button
                type="primary"
                icon={<SendOutlined />}
                onClick={() => void send()}
                disabled={!draft.trim()}
              >
                {t('assistant.send')}
              </Button>
            )}
          </Space.Compact>
        }
      >
        {turns.length === 0 ? <Empty description={t('assistant.empty')} /> : null}
        <div className={styles.chatLog} role="log" aria-live="polite">
          {turns.map((turn, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: turns are only ever appended or cleared
              key={index}
              className={turn.role === 'user' ? styles.chatUser : styles.chatAssistant}
            >
              <Typography.Text type="secondary" className={styles.chatRole}>
                {t(turn.role === 'user' ? 'assistant.me' : 'assistant.title')}
              </Typography.Text>
              <div className={styles.chatText}>{turn.content || (busy ? '…' : '')}</div>
            </div>
          ))}
          <div ref={bottom} />
        </div>
        {error ? <Alert type="error" showIcon message={error} /> : null}
      </Drawer>
    </>
  );
}
