/** A card whose call failed says so in its own place; the rest of the dashboard stays. */
import { Tone } from '../../common/Panel';

export function CardError({ message }: { message: string }) {
  return <Tone type="danger" role="alert" data-testid="card-error">{message}</Tone>;
}
