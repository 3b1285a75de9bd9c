import { message as staticMessage } from 'antd';
import type { ArgsProps, JointContent, MessageInstance, NoticeType } from 'antd/es/message/interface';
import { createContext, isValidElement, type Key, type ReactNode, useContext } from 'react';

/**
 * Toasts for code outside React (the request client). Until the root registers its themed instance through
 * {@link setMessageApi}, the static antd message is used.
 */
let messageApi: MessageInstance = staticMessage;

export function setMessageApi(api: MessageInstance): void {
  messageApi = api;
}

export function resetMessageApi(): void {
  messageApi = staticMessage;
}

/**
 * The themed message instance of the root, for the screens that stand outside the antd `<App>` frame (the login
 * page: antd's `<App>` brings the modal and notification code, which the login's first view does not carry).
 */
export const MessageApiContext = createContext<MessageInstance>(staticMessage);

/** The themed message instance (works inside and outside the antd `<App>` frame). */
export function useMessageApi(): MessageInstance {
  return useContext(MessageApiContext);
}

/**
 * Shows an error toast; messages with the same `key` replace each other instead of stacking. Without a key the text
 * is the key: when a screen's parallel calls fail alike (an expired password refusing every call, say), the user
 * reads the reason once, not a column of copies.
 */
export function showErrorMessage(content: string, key?: string): void {
  void messageApi.open({ type: 'error', content, key: key ?? `error:${content}` });
}

/** antd's default toast duration, in seconds. */
const DEFAULT_TOAST_SECONDS = 3;
let toastCount = 0;

/**
 * `api` with its confirmations (success, info, loading) closed by a timer instead of antd's own: antd's notice
 * timer updates the toast's state on every animation frame for its whole duration (for a progress bar it does
 * not show here), and each of those updates makes React set aside and restart any interruptible render in
 * progress — the first screen opened right after sign-in, under the sign-in toast, took several times its render
 * to show. Errors and warnings keep antd's timer, which pauses while the pointer is on the toast, for a reason
 * to be read in full.
 */
export function closedByTimer(api: MessageInstance): MessageInstance {
  const timers = new Map<Key, ReturnType<typeof setTimeout>>();
  const open: MessageInstance['open'] = (config) => {
    if (config.type === 'error' || config.type === 'warning') return api.open(config);
    const key = config.key ?? `toast:${++toastCount}`;
    const seconds = config.duration ?? DEFAULT_TOAST_SECONDS;
    clearTimeout(timers.get(key));
    timers.delete(key);
    if (seconds > 0)
      timers.set(
        key,
        setTimeout(() => {
          timers.delete(key);
          api.destroy(key);
        }, seconds * 1000),
      );
    return api.open({ ...config, key, duration: 0 });
  };
  // As antd reads them: (content or a whole config, duration or onClose, onClose).
  const typed =
    (type: NoticeType) =>
    (content: JointContent, duration?: number | VoidFunction, onClose?: VoidFunction) => {
      const config: ArgsProps =
        content !== null && typeof content === 'object' && !isValidElement(content) && 'content' in content
          ? (content as ArgsProps)
          : { content: content as ReactNode };
      const [ownDuration, ownOnClose] =
        typeof duration === 'function' ? [undefined, duration] : [duration, onClose];
      return open({ onClose: ownOnClose, duration: ownDuration, ...config, type });
    };
  return {
    open,
    destroy: (key) => {
      if (key === undefined) {
        for (const timer of timers.values()) clearTimeout(timer);
        timers.clear();
      } else {
        clearTimeout(timers.get(key));
        timers.delete(key);
      }
      api.destroy(key);
    },
    info: typed('info'),
    success: typed('success'),
    error: typed('error'),
    warning: typed('warning'),
    loading: typed('loading'),
  };
}
