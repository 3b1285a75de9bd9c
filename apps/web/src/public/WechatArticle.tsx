import { useEffect, useState } from 'react';

interface WxArticle {
  title: string;
  author: string;
  publishTime: string;
  content: string;
}

type State = { kind: 'loading' } | { kind: 'ready'; article: WxArticle } | { kind: 'failed' };

/**
 * A WeChat official-account article, read through the server's proxy (`/api/cube-mp/wx/getContent`), which
 * fetches only allowlisted WeChat hosts and answers sanitised HTML whose images go through `getImg`.
 */
export function WechatArticle({ url, summary = '' }: { url: string; summary?: string }) {
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
        else setState({ kind: 'failed' });
      })
      .catch(() => live && setState({ kind: 'failed' }));
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
  // The proxy's own words (远程服务器请求失败 and the like) are for the console; a visitor is offered the original.
  if (state.kind === 'failed')
    return (
      <div className="s-empty s-wx-fallback" role="status">
        <strong>这篇公众号文章暂时无法在本站显示</strong>
        <p>{summary || '文章原文发布在我们的微信公众号，您可以前往微信阅读全文。'}</p>
        <p>
          <a className="s-btn" href={url} target="_blank" rel="noopener noreferrer">
            前往微信阅读原文
          </a>
        </p>
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
