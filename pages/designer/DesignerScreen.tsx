/** The designer route (/system/form-designer): a lazy chunk, so neither login nor the shell loads it. */
import { App as AntApp } from 'antd';
import Designer from '../../designer/Designer';
import type { ScreenProps } from '../../runtime/screens/types';

export default function DesignerScreen(_props: ScreenProps) {
  return (
    <AntApp component={false}>
      <Designer />
    </AntApp>
  );
}
