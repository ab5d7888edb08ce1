import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { errorLogEnabled, logError } from '../shell/errorLog';

const StatusPage = lazy(() => import('../screens/StatusPage'));

/** One broken screen must not blank the whole shell. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error);
    // Production: the header's error log lists it with the component stack (seed 000 §8).
    if (errorLogEnabled()) logError(error, info.componentStack ?? '');
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Suspense fallback={null}>
        <StatusPage status="error" title="页面出错了" subTitle={this.state.error.message} />
      </Suspense>
    );
  }
}
