/** A card whose call failed says so in its own place; the rest of the dashboard stays. */
import { Alert } from 'antd';

export function CardError({ message }: { message: string }) {
  return <Alert type="error" showIcon message={message} data-testid="card-error" />;
}
