/** The error-log panel (lazy: Table and Modal load only when someone opens it). */
import { Button, Modal, Table } from 'antd';
import { clearErrors, useErrors } from './errorLog';

export default function ErrorLogPanel({ onClose }: { onClose: () => void }) {
  const errors = useErrors();
  return (
    <Modal
      title="错误日志"
      open
      width="80%"
      onCancel={onClose}
      footer={[
        <Button key="clear" danger onClick={() => { clearErrors(); onClose(); }}>Clear All</Button>,
        <Button key="close" onClick={onClose}>关闭</Button>,
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
  );
}
