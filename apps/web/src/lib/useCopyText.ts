import copy from 'copy-to-clipboard';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageApi } from './feedback';

/**
 * Copies text and says how it went (复制成功 / 复制失败). The library writes through the
 * async clipboard where the page is a secure context and falls back to `execCommand('copy')` on plain-http
 * intranet deployments, where `navigator.clipboard` does not exist.
 */
export function useCopyText(): (text: string) => Promise<boolean> {
  const message = useMessageApi();
  const { t } = useTranslation();
  return useCallback(
    async (text: string) => {
      const copied = await copy(text).catch(() => false);
      if (copied) void message.success(t('common.copied'));
      else void message.error(t('common.copyFailed'));
      return copied;
    },
    [message, t],
  );
}
