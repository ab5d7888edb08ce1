import type { Handler } from '../crud/context';
import { REPLIED } from '../crud/context';
import { ok } from '../http/envelope';
import { bankList } from './banks';
import { regionTree } from './regions';

const banks: Handler = async () => bankList();

// ~3,500 nodes that never change while the process runs: let the browser revalidate with an ETag.
const regions: Handler = async ({ request, reply }) => {
  const { tree, etag } = regionTree();
  reply.header('etag', etag).header('cache-control', 'private, max-age=86400');
  if (request.headers['if-none-match'] === etag) {
    reply.code(304).send();
    return REPLIED;
  }
  reply.send(ok(tree));
  return REPLIED;
};

export const referenceHandlers: Record<string, Handler> = {
  'reference.banks': banks,
  'reference.regionTree': regions,
};
