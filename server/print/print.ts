/** `print.document`: the document of a template type for one record, by the builder its owner listed. */
import { notFound } from '../http/errors';
import type { Handler } from '../crud/context';
import { printBuilders } from './builders';

const print: Handler = async (ctx) => {
  const type = Number(ctx.params.type);
  const build = printBuilders.get(type);
  if (!build) throw notFound('该单据类型暂不支持打印');
  return build(ctx, type, Number(ctx.params.id));
};

export const printHandlers: Record<string, Handler> = { 'print.document': print };
