import { useEffect, useState } from 'react';

interface WxArticle {
  title: string;
  author: string;
  publishTime: string;
  content: string;
}

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; article: WxArticle }
  | { kind: 'failed'; message: string };

/**
 * A WeChat official-account article, read through the server's proxy (`/api/cube-mp/wx/getContent`), which
 * fetches only allowlisted WeChat hosts and answers sanitised HTML whose images go through `getImg`.
 */
export function WechatArticle({ url }: { url: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    fetch(`/api/cube-mp/wx/getContent?url=${encodeURIComponent(url)}`)
      .then(async (response) => {
        const body = (await response.json().catch(() => undefined)) as
          | { success?: boolean; msg?: string; data?: WxArticle }
          | undefined;
        if (!live) return;
        if (response.ok && body?.success !== false && body?.data)
          setState({ kind: 'ready', article: body.data });
        else setState({ kind: 'failed', message: body?.msg || '文章加载失败' });
      })
      .catch(() => live && setState({ kind: 'failed', message: '网络异常，文章加载失败' }));
    return () => {
      live = false;
    };
  }, [url]);

  if (state.kind === 'loading')
    return (
      <p className="s-lead" role="status">
        正在加载公众号文章…
      </p>
    );
  if (state.kind === 'failed')
    return (
      <div className="s-empty" role="status">
        <strong>{state.message}</strong>
        <a href={url} target="_blank" rel="noopener noreferrer">
          前往微信阅读原文
        </a>
      </div>
    );
  return (
    <div className="s-rich" data-testid="wechat-content">
      {/* Sanitised by the proxy (no scripts, limited styles, images rewritten to getImg). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised article HTML */}
      <div dangerouslySetInnerHTML={{ __html: state.article.content }} />
    </div>
  );
}
