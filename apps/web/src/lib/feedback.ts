import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, useContext } from 'react';

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
