/** A dashboard card of one record a call answers (the signed-in user's auth.me): avatar, heading and labelled fields. */
import { Avatar, Descriptions, Space } from 'antd';
import { Tone } from '../../common/Panel';
import { UserOutlined } from '@ant-design/icons';
import type { RecordCardDef } from '../../../router/types';
import { useCardData, valueAt, type CallCache } from './cardData';
import { CardError } from './CardError';

const text = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : String(v));

export function RecordCard({ def, cache }: { def: RecordCardDef; cache: CallCache }) {
  const { data, error } = useCardData<unknown>(cache, def.api, def.query);
  if (error) return <CardError message={error} />;
  if (data === undefined) return <Tone type="secondary">加载中…</Tone>;
  const avatar = def.avatar ? valueAt(data, def.avatar) : undefined;
  return (
    <Space align="start" size={24}>
      {def.avatar && <Avatar size={64} src={typeof avatar === 'string' && avatar ? avatar : undefined} icon={<UserOutlined />} />}
      <Descriptions column={2} size="small" title={def.title ? text(valueAt(data, def.title)) : undefined}>
        {def.fields.map((f) => <Descriptions.Item key={f.field} label={f.title}>{text(valueAt(data, f.field))}</Descriptions.Item>)}
      </Descriptions>
    </Space>
  );
}
