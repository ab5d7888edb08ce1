/** kind=report: one declared report as a screen. */
import type { PageDef } from '../../router/types';
import ReportView from './ReportView';

export default function ReportPage({ page, params }: { page: PageDef; params?: Record<string, string> }) {
  return <ReportView report={page.report!} title={page.meta.title} params={params} />;
}
