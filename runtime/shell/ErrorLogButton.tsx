/** The error-log button: present only when errors were logged (production); the panel loads on click. */
import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useErrors } from './errorLog';

const ErrorLogPanel = lazy(() => import('./ErrorLogPanel'));

export function ErrorLogButton() {
  const errors = useErrors();
  const [open, setOpen] = useState(false);
  if (errors.length === 0) return null;
  return (
    <>
      <Tooltip title="错误日志">
        <Badge dot>
          <Button type="text" danger aria-label="错误日志" data-testid="error-log" icon={<BugOutlined />} onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <ErrorLogPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
