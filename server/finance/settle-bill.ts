/** `settleBill.*` catalogue handlers (the module's code lives in ./settle/). */
export { settleBillHandlers } from './settle/handlers';
