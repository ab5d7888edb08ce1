/** The path figures live beside the call shapes (schemas/src): the server adds a schedule's stops with the same rule. */
export * from '../../schemas/src/pathSummary';
