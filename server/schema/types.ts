/** Shapes of the generator's output (schemas/generated/*.json) that the server reads. */
import type { FieldType, JSONSchema, ResolvedEntity, ResolvedTransition } from '../../schemas/src/entity-schema';
import type { ResolvedEntry } from '../../schemas/src/catalogue';

// One definition of each shape, in schemas/src, shared with the generator.
export type { FieldType, ResolvedEntity };
export type ResolvedField = ResolvedEntity['fields'][string];
export type ResolvedIndex = ResolvedEntity['indexes'][number];
export type Transition = ResolvedTransition;
export type JsonSchema = JSONSchema;
export type CatalogueEntry = ResolvedEntry;
export type { EntityMap } from '../../schemas/src/catalogue';
