/**
 * 修改密码: old password checked by the server, new one 8-64 with letters and digits; other sessions
 * end. Once changed the screen says so and what follows (this login stays, the others end, the next
 * login takes the new password) until the user leaves it — a passing toast is easily missed.
 */
import { useState } from 'react';
import { Button, Card, Form, Input, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { invoke } from '../../../api/call';
import { passwordProblem } from './password';

interface Values { oldPassword: string; newPassword: string; confirm: string }

export const PASSWORD_CHANGED = '密码修改成功';
export const PASSWORD_CHANGED_NEXT = '密码已修改，其他设备上的登录已退出，需使用新密码重新登录；本机当前登录继续有效，下次登录请使用新密码。';

export default function PasswordChange() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const submit = async (values: Values) => {
    await invoke('auth.changePassword', { body: { oldPassword: values.oldPassword, newPassword: values.newPassword } });
    form.resetFields();
    setDone(true);
  };
  if (done) {
    return (
      <Card style={{ maxWidth: 560 }} data-testid="password-change">
        <Result status="success" title={PASSWORD_CHANGED} subTitle={PASSWORD_CHANGED_NEXT}
          extra={[<Button type="primary" key="back" onClick={() => navigate('/profile/index')}>返回个人中心</Button>]} />
      </Card>
    );
  }
  return (
    <Card title="修改密码" style={{ maxWidth: 560 }} data-testid="password-change">
      <Form form={form} layout="vertical" onFinish={(v) => submit(v).catch(() => undefined)}>
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPassword"
          rules={[{ required: true, message: '请输入新密码' }, { validator: (_, v: string) => (v && passwordProblem(v) ? Promise.reject(new Error(passwordProblem(v))) : Promise.resolve()) }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({ validator: (_, v) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))) }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit">确认修改</Button>
      </Form>
    </Card>
  );
}
