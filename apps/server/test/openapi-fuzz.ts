import fc from 'fast-check';

/**
 * Request generators for the OpenAPI fuzz suite (src/fuzz.test.ts): from an operation's JSON schemas,
 * fast-check arbitraries of valid requests and of hostile ones (control characters, NUL bytes, huge and
 * negative numbers, numbers JSON cannot even say, wrong types, unknown and missing fields, oversized
 * strings, broken percent-encoding in paths and queries).
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

/** One generated request: path parameters already encoded, a raw query string, a raw JSON body (or none). */
export interface FuzzRequest {
  label: string;
  url: string;
  body: string | undefined;
}

const INT32 = 2 ** 31 - 1;

/** Strings no form should ever send. The long one exceeds every field's limit but not the body limit. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'nul\u0000inside',
  '\u0007bell',
  'line\nbreak',
  'tab\there',
  '\u001b[31mred',
  '\u007fdel',
  '\u0085next-line',
  "' or '1'='1' --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\ud800',
  '𝕂𝕙𝕖𝕝 🏏',
  '',
  '   ',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '__proto__',
  'x'.repeat(20_000),
];
export const HOSTILE_NUMBERS = [
  -1,
  -0.01,
  0,
  0.001,
  1.005,
  1e21,
  -1e21,
  1e308,
  -1e308,
  2 ** 53 + 2,
  4.9e-324,
  123456789.123,
];
const WRONG_TYPES: unknown[] = [null, true, false, [], [1, 'a'], {}, { $gt: '' }, 'text', 42];
/** Number literals JSON can carry but JSON.stringify cannot make: overflow to ±Infinity, underflow, 30 digits. */
const RAW_NUMBERS = ['1e309', '-1e309', '1e-400', '123456789012345678901234567890', '-0', '0.1e1'];
const RAW_MARK = '__raw_number__';

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...WRONG_TYPES),
  fc.constantFrom(...RAW_NUMBERS).map((raw) => `${RAW_MARK}${raw}`),
);

function clamp(value: number | undefined, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.max(-INT32, Math.min(INT32, value));
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 24, 64);
  const min = Math.min(schema.minLength ?? 0, max);
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  if (schema.pattern !== undefined) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).map((value) => value.slice(0, Math.max(max, min)));
    } catch {
      // A pattern fast-check cannot invert: plain strings then.
    }
  }
  // Realistic values where they fit (filtered here, once: a filter no value passes would never end).
  const known = ['919876543210', 'royal-bengal', 'khel-house', 'dragon-tiger', '2026-11-21', 'Ravi Kumar'].filter(
    (value) => value.length >= min && value.length <= max,
  );
  const any = fc.string({ minLength: min, maxLength: max });
  return known.length === 0 ? any : fc.oneof(any, fc.constantFrom(...known));
}

/** Values that satisfy the schema (best effort: refinements the JSON schema cannot say are not known here). */
export function validValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const arbitrary = baseValue(schema, depth);
  return schema.nullable === true ? fc.option(arbitrary, { nil: null, freq: 5 }) : arbitrary;
}

function baseValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices !== undefined && choices.length > 0)
    return fc.oneof(...choices.map((choice) => validValue(choice, depth + 1)));
  if (schema.allOf !== undefined) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer': {
      const min = clamp(schema.minimum, -1_000);
      const max = Math.max(min, clamp(schema.maximum, 1_000_000));
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 1_000) }), fc.integer({ min, max }));
    }
    case 'number': {
      const min = clamp(schema.minimum, -1_000);
      const max = Math.max(min, clamp(schema.maximum, 1_000_000));
      return fc
        .integer({
          min: min * 100 > -INT32 ? Math.ceil(min * 100) : -INT32,
          max: max * 100 < INT32 ? Math.floor(max * 100) : INT32,
        })
        .map((cents) => cents / 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(validValue(schema.items ?? {}, depth + 1), {
            minLength: Math.min(schema.minItems ?? 0, 3),
            maxLength: Math.max(Math.min(schema.maxItems ?? 3, 3), Math.min(schema.minItems ?? 0, 3)),
          });
    case 'object': {
      if (depth > 4 || schema.properties === undefined) return fc.constant({});
      const shape = Object.fromEntries(
        Object.entries(schema.properties).map(([key, property]) => [key, validValue(property, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in shape) });
    }
    default:
      return fc.constant(null);
  }
}

/** A valid object body with one hostile change: a field set to a hostile value, a required field gone, unknown fields, or the whole body wrong. */
function hostileBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  const base = validValue(schema);
  const required = schema.required ?? [];
  const kinds: fc.WeightedArbitrary<unknown>[] = [];
  if (keys.length > 0)
    kinds.push({
      weight: 5,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...keys), hostileValue)
        .map(([body, key, value]) => ({ ...(body as object), [key]: value })),
    });
  if (required.length > 0) {
    const missing = fc.tuple(base, fc.constantFrom(...required)).map(([body, key]) => {
      const copy = { ...(body as Record<string, unknown>) };
      delete copy[key];
      return copy;
    });
    kinds.push({ weight: 2, arbitrary: missing });
  }
  const unknown = fc
    .tuple(
      base,
      fc.constantFrom('__proto__', 'constructor', 'role', 'isAdmin', 'user_id', 'key\u0000nul', 'balance'),
      hostileValue,
    )
    .map(([body, key, value]) => ({ ...(body as object), [key]: value }));
  const deep = fc.constant(JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`) as unknown);
  return fc.oneof(
    ...kinds,
    { weight: 2, arbitrary: unknown },
    { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES, ...HOSTILE_STRINGS.slice(0, 3)) },
    { weight: 1, arbitrary: deep },
  );
}

function serialise(body: unknown): string {
  return JSON.stringify(body).replace(new RegExp(`"${RAW_MARK}([^"]*)"`, 'g'), '$1');
}

/** Percent-encodes a value; a lone surrogate (no UTF-8 for it) becomes the bytes a sloppy client would send. */
function encodeParam(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((character) => {
        try {
          return encodeURIComponent(character);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

/** Percent-encoded path segments a browser would never send. */
const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%0A',
  '%E0%A4',
  '%FF',
  '..%2F..%2Fetc',
  'x'.repeat(3_000),
  '%25',
  '-1',
  '1e309',
  '0',
  'null',
];
/** Raw query strings: NUL, line breaks, broken encodings, repeated and bracketed keys. */
const HOSTILE_QUERIES = [
  'x=%00',
  'page=-1&pageSize=1e309',
  'a[]=1&a[]=2',
  '%ZZ=%E0%A4',
  'date=2026-13-45',
  'limit=NaN',
  'provider=%00&date=%0A',
];

export function requestArbitrary(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  const validPath = fc.tuple(...pathParams.map((parameter) => validValue(parameter.schema).map(encodeParam)));
  const hostilePath = fc.tuple(
    ...pathParams.map(() => fc.oneof(fc.constantFrom(...HOSTILE_SEGMENTS), hostileString.map(encodeParam))),
  );
  const querySchema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(queryParams.map((parameter) => [parameter.name, parameter.schema])),
    required: queryParams.filter((parameter) => parameter.required === true).map((parameter) => parameter.name),
  };
  const validQuery = validValue(querySchema).map((query) =>
    new URLSearchParams(
      Object.entries(query as Record<string, unknown>).map(([key, value]): [string, string] => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    ).toString(),
  );
  const hostileQuery = fc.oneof(
    fc.constantFrom(...HOSTILE_QUERIES),
    queryParams.length === 0
      ? fc.constant('x=%00')
      : fc
          .tuple(fc.constantFrom(...queryParams.map((parameter) => parameter.name)), hostileString)
          .map(([key, value]) => `${key}=${encodeParam(value)}`),
  );
  const validBody = operation.body === null ? fc.constant(undefined) : validValue(operation.body).map(serialise);
  const badBody = operation.body === null ? fc.constant(undefined) : hostileBody(operation.body).map(serialise);

  const build = (kind: string, segments: string[], query: string, body: string | undefined): FuzzRequest => {
    let index = 0;
    const path = operation.path.replace(/\{[^}]+\}/g, () => segments[index++] ?? 'x');
    return { label: kind, url: query === '' ? path : `${path}?${query}`, body };
  };
  const kinds: fc.WeightedArbitrary<FuzzRequest>[] = [
    {
      weight: 3,
      arbitrary: fc
        .tuple(validPath, validQuery, validBody)
        .map(([segments, query, body]) => build('valid', segments, query, body)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(validPath, hostileQuery, validBody)
        .map(([segments, query, body]) => build('hostile query', segments, query, body)),
    },
  ];
  if (operation.body !== null)
    kinds.push({
      weight: 5,
      arbitrary: fc
        .tuple(validPath, validQuery, badBody)
        .map(([segments, query, body]) => build('hostile body', segments, query, body)),
    });
  if (pathParams.length > 0)
    kinds.push({
      weight: 3,
      arbitrary: fc
        .tuple(hostilePath, validQuery, validBody)
        .map(([segments, query, body]) => build('hostile path', segments, query, body)),
    });
  return fc.oneof(...kinds);
}

/** The operations of an OpenAPI 3 document. */
export function operationsOf(document: {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      })),
  );
}

/**
 * OpenAPI 3.0's `nullable` beside no `type` (what z.unknown().nullable() becomes) is not JSON Schema:
 * rewritten as anyOf [schema, null] so a JSON Schema validator takes it; a nullable enum lists null;
 * a boolean exclusiveMinimum/Maximum becomes the number JSON Schema expects.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema).map(
    ([key, value]) => [key, key === 'enum' || key === 'default' ? value : toJsonSchema(value)] as const,
  );
  const copy = Object.fromEntries(entries) as Record<string, unknown>;
  // OpenAPI 3.0 writes an exclusive bound as a boolean beside minimum/maximum; JSON Schema wants the number.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof copy[flag] !== 'boolean') continue;
    if (copy[flag] === true && typeof copy[bound] === 'number') {
      copy[flag] = copy[bound];
      delete copy[bound];
    } else delete copy[flag];
  }
  // Ajv's nullable does not extend an enum: null must be listed.
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null))
    copy.enum = [...(copy.enum as unknown[]), null];
  if (copy.nullable === true && copy.type === undefined) {
    delete copy.nullable;
    return Object.keys(copy).length === 0 ? {} : { anyOf: [copy, { type: 'null' }] };
  }
  return copy;
}
