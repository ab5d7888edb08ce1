import { Component, lazy, Suspense, type ReactNode } from 'react';

const StatusPage = lazy(() => import('../screens/StatusPage'));

/** One broken screen must not blank the whole shell. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
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
