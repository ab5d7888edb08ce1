/** The error-log button and panel: present only when errors were logged (production). */
import { useState } from 'react';
import { Badge, Button, Modal, Table, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { clearErrors, useErrors } from './errorLog';

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
      <Modal
        title="错误日志"
        open={open}
        width="80%"
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="clear" danger onClick={() => { clearErrors(); setOpen(false); }}>Clear All</Button>,
          <Button key="close" onClick={() => setOpen(false)}>关闭</Button>,
        ]}
      >
        <Table
          rowKey={(row) => row.time + row.message}
          size="small"
          pagination={false}
          dataSource={errors}
          columns={[
            { title: 'Message', dataIndex: 'message', render: (v, row) => <><div><b>{v}</b></div><div>{row.info}</div></> },
            { title: 'URL', dataIndex: 'url', width: 220 },
            { title: 'Stack', dataIndex: 'stack', render: (v: string) => <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }}>{v}</pre> },
          ]}
        />
      </Modal>
    </>
  );
}
