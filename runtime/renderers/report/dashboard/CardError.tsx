/** A card whose call failed says so in its own place; the rest of the dashboard stays. */
import { Typography } from 'antd';

export function CardError({ message }: { message: string }) {
  return <Typography.Text type="danger" role="alert" data-testid="card-error">{message}</Typography.Text>;
}
