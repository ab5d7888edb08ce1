/** Pages that only show a status: business screens still to be built, unregistered screens. */
import { Result } from 'antd';

export default function StatusPage({ title, subTitle, status = 'info' }: { title: string; subTitle?: string; status?: 'info' | 'warning' | 'error' }) {
  return <Result status={status} title={title} subTitle={subTitle} />;
}
