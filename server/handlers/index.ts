/** Registry of the named (non-generic) handlers a catalogue entry may refer to as `<module>.<fn>`. */
import type { Handler } from '../crud/context';
import { crudHandlers } from '../crud/handlers';
import { authHandlers } from '../auth/handlers';
import { organizationHandlers } from './organization';
import { referenceHandlers } from '../reference/handlers';
import { messagingHandlers } from '../messaging/handlers';
import { formHandlers } from '../forms/handlers';
import { fileHandlers } from '../files/handlers';
import { shellHandlers } from '../shell/handlers';
import { ssoHandlers } from '../sso/handlers';
import { metaHandlers } from '../meta/handlers';
import { resourceHandlers } from '../resources/handlers';
import { projectHandlers } from '../project/handlers';
import { bizHandlers } from '../biz/index';
import { adminHandlers } from '../admin/index';
import { trackingHandlers } from '../tracking/handlers';
import { transshipHandlers } from '../inventory/transship';
import { dispatchHandlers } from '../dispatch/handlers';
import { printHandlers } from '../print/index';

export const namedHandlers: Record<string, Handler> = {
  ...authHandlers,
  ...organizationHandlers,
  ...referenceHandlers,
  ...messagingHandlers,
  ...formHandlers,
  ...fileHandlers,
  ...shellHandlers,
  ...ssoHandlers,
  ...metaHandlers,
  ...resourceHandlers,
  ...projectHandlers,
  ...bizHandlers,
  ...adminHandlers,
  ...trackingHandlers,
  ...transshipHandlers,
  ...dispatchHandlers,
  ...printHandlers,
};

export const allHandlers: Record<string, Handler> = { ...crudHandlers, ...namedHandlers };
