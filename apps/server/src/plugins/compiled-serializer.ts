import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, { type: 'null' }]` (zod's `.nullable()`, e.g. the envelope's `data`) as X with
 * `nullable: true`: fast-json-stringify picks an anyOf branch by validating the value against each
 * at run time, which would cost most of what compiling saves.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(
    Object.entries(schema as JsonSchema).map(([key, value]) => [key, simplify(value)]),
  ) as JsonSchema;
  const anyOf = node.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex(
      (branch) => (branch as JsonSchema).type === 'null' && Object.keys(branch as JsonSchema).length === 1,
    );
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex !== -1 && other !== undefined && typeof other.type === 'string') {
      const { anyOf: _anyOf, ...rest } = node;
      return { ...rest, ...other, nullable: true };
    }
  }
  return node;
}

/** The JSON Schema fast-json-stringify compiles for a contract (zod) response schema. */
export function serializerJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'throw',
  }) as JsonSchema;
  return simplify(json) as JsonSchema;
}

/**
 * A response serializer compiled from the route's contract schema (fast-json-stringify), for the hot
 * read routes: zod's encode plus JSON.stringify walked every answer twice (decision 0029). What the
 * schema does not name is left out, as zod's strip did; a required field that is missing throws (a
 * 500, as zod's check did). Outside production (`checkWithZod`) the answer is also checked against
 * the zod schema first, so tests still catch a service drifting from the contract.
 */
export function compiledSerializerCompiler(options: { checkWithZod: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema }) => {
    const stringify = fastJson(serializerJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
    if (!options.checkWithZod) return (data: unknown) => stringify(data);
    return (data: unknown) => stringify(schema.encode(data));
  };
}

/** The response schemas routes asked to have compiled (their own copies of the contract's schemas). */
const compiledSchemas = new WeakSet<z.ZodType>();

/**
 * A route's response schema, serialised by a compiled serializer (`responseSerializerCompiler`) rather
 * than zod: for hot read routes (getUserData, app-settings). A copy, so other routes answering the same
 * contract schema are not changed; validation, docs and types are the schema's as before.
 */
export function compiledResponse<T extends z.ZodType>(schema: T): T {
  const copy = schema.clone();
  compiledSchemas.add(copy);
  return copy;
}

/** The app's serializer compiler: compiled for schemas marked by `compiledResponse`, zod's otherwise. */
export function responseSerializerCompiler(options: { checkWithZod: boolean }): FastifySerializerCompiler<z.ZodType> {
  const compiled = compiledSerializerCompiler(options);
  return (route) => (compiledSchemas.has(route.schema) ? compiled(route) : serializerCompiler(route));
}
