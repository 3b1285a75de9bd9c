import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts for code outside React (the request client). Until the antd `<App>` context registers its
 * themed instance through {@link setMessageApi}, the static antd message is used.
 */
let messageApi: MessageInstance = staticMessage;

export function setMessageApi(api: MessageInstance): void {
  messageApi = api;
}

export function resetMessageApi(): void {
  messageApi = staticMessage;
}

/**
 * Shows an error toast; messages with the same `key` replace each other instead of stacking. Without a key the text
 * is the key: when a screen's parallel calls fail alike (an expired password refusing every call, say), the user
 * reads the reason once, not a column of copies.
 */
export function showErrorMessage(content: string, key?: string): void {
  void messageApi.open({ type: 'error', content, key: key ?? `error:${content}` });
}
