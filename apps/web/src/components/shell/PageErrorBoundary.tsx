import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../../lib/i18n';
import { recordError } from '../../stores/errorLog';

interface State {
  error: Error | undefined;
}

/**
 * Catches a page's render error inside the console, records it in the local error log and shows a
 * result with a retry, so that the shell stays usable.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    recordError(error, info.componentStack?.trim().split('\n')[0]?.trim() ?? 'render');
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // A page chunk that failed to load stays failed until the page is reloaded (the app may have been updated).
    const chunkFailed = error.name === 'ChunkLoadError';
    return (
      <Result
        status="error"
        title={i18n.t(chunkFailed ? 'routeError.title' : 'exception.pageErrorTitle')}
        subTitle={chunkFailed ? i18n.t('routeError.description') : error.message}
        extra={
          <Button
            type="primary"
            onClick={() => (chunkFailed ? window.location.reload() : this.setState({ error: undefined }))}
          >
            {i18n.t(chunkFailed ? 'common.reload' : 'common.retry')}
          </Button>
        }
      />
    );
  }
}
