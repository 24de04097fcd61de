// The surface of a provider package, as data: what block users and package
// consumers see of it — every parameter (type, required, limits, enum,
// default, secret, visibility, wire placement), every output with its type
// nested from the response schema, auth placement, the hosts the credential
// may go to, rate limits, error statuses and outcomes, and the other
// concepts each link/<concept>.ts records (its `surface` entry) — plus the
// input hashes, generator and package versions. Generation writes it to
// generated/<p>/surface.json (emit-surface.ts); `blockwright diff` compares
// two of them: two surfaces, not two OpenAPI documents, say what breaks.
import type {
  NestedLimits,
  OutputType,
  ParamBranch,
  ParamSpec,
  PollingSpec,
  RateLimitSpec,
  RuleSpec,
} from "@blockwright/runtime/internal";

/** A structural type: enough of a JSON Schema to say what a value may look like. */
export interface Shape {
  type?: "object" | "array" | "string" | "number" | "integer" | "boolean" | "null";
  nullable?: true;
  enum?: unknown[];
  format?: string;
  properties?: Record<string, Shape>;
  required?: string[];
  /** Other keys an object may have (a map's values). */
  additionalProperties?: Shape;
  items?: Shape;
  /**
   * The shape recorded under this name in the surface's `shapes` (a `$ref`ed schema, a component by its name); nothing
   * else is set beside it.
   */
  ref?: string;
  /**
   * Set by the server only (`readOnly: true`): a request carries no such field, so its coming or going is no change to
   * a caller.
   */
  readOnly?: true;
  /**
   * A recursive type, named where it recurs (surfaces from before named shapes: they expanded every other reference in
   * place).
   */
  recursive?: string;
  /**
   * A union of types (`oneOf`/`anyOf` of different types, or a type array): each type but null, sorted; `type` is then
   * unset.
   */
  types?: NonNullable<Shape["type"]>[];
  /** The object forms a union may come in (each its sorted field names), when it has two or more. */
  variants?: string[];
  /**
   * Those of `variants` that take their own fields only (`additionalProperties: false`): the runtime refuses a value
   * of such a form holding another field, so a form closing is breaking.
   */
  closedVariants?: string[];
  /**
   * The names of those forms, when each is a named schema: forms whose fields mostly overlap (node types sharing
   * traits) still differ by name.
   */
  forms?: string[];
  /** Marked deprecated in the schema. */
  deprecated?: true;
  /**
   * The schema's limits on the value (`maxItems`, `maxLength`, `minimum`, `pattern`, …), by keyword: diff compares them
   * inside a `json` parameter's value.
   */
  limits?: Record<string, number | string>;
}

/** A parameter as its users depend on it: the definition's rules, with the wire and lists written as plain text. */
export interface ParamSurface
  extends Pick<
    ParamSpec,
    | "type"
    | "title"
    | "description"
    | "required"
    | "default"
    | "nullable"
    | "integer"
    | "minimum"
    | "maximum"
    | "exclusiveMinimum"
    | "exclusiveMaximum"
    | "multipleOf"
    | "minLength"
    | "maxLength"
    | "pattern"
    | "enum"
    | "caseInsensitive"
    | "secret"
    | "visibility"
    | "minItems"
    | "maxItems"
    | "maxBytes"
    | "multiple"
  > {
  format?: string;
  jsonType?: string;
  /** A comma list sent as an array, and how many items it may hold. */
  list?: { separator: string; maxItems?: number };
  /** A list in one string, sent as it is: its items' separator. */
  separator?: string;
  /** Limits inside a JSON value: each key and value of an object, each item of an array. */
  keys?: NestedLimits;
  values?: NestedLimits;
  items?: NestedLimits;
  /** The forms a json parameter's value may take, each a type and its limits. */
  anyOf?: ParamBranch[];
  /**
   * Keys a JSON object may not contain (earlier surfaces wrote them as text, `Id (any case)`: read them with
   * forbiddenKeysOf).
   */
  forbiddenKeys?: ForbiddenKeys | string[];
  example?: unknown;
  /** The document marks where it goes deprecated: the notice, with the date or replacement the document gives. */
  deprecated?: string;
  /** A `json` body parameter's value as the request body's schema gives it: its fields are compared one by one. */
  shape?: Shape;
  /** Where the value goes: `query:$top`, `path:id`, `header:X`, `body:/a/b`, `switch`, `auth`, `server`. */
  wire: string;
}

export type ForbiddenKeys = NonNullable<ParamSpec["forbiddenKeys"]>;

/** A parameter's forbidden keys as the runtime checks them, from a surface of any version. */
export function forbiddenKeysOf(p: Pick<ParamSurface, "forbiddenKeys">): ForbiddenKeys | undefined {
  const f = p.forbiddenKeys;
  if (!Array.isArray(f)) return f;
  // The earlier text form: each key, with " (any case)" when the check ignores case.
  const caseInsensitive = f.some((k) => k.endsWith(" (any case)"));
  return { keys: f.map((k) => k.replace(/ \(any case\)$/, "")), ...(caseInsensitive ? { caseInsensitive } : {}) };
}

export interface OutputSurface {
  type: OutputType;
  optional: boolean;
  description: string;
  /** The value's structure, from the response schema (or the parameter, status or constant it comes from). */
  shape: Shape;
  /** The places of an output read from the first that holds a value, in order (absent for one place). */
  from?: string[];
}

/** A route: another upstream operation serving the tool when a parameter matches a pattern. */
export interface RouteSurface {
  when: { param: string; pattern: string };
  /** `POST /v1/x`. */
  request: string;
  /** The parameters placed otherwise on the route's request, as a parameter's wire is written. */
  wire?: Record<string, string>;
}

export interface ToolSurface {
  title: string;
  description: string;
  method: string;
  path: string;
  /** In the order the block lists them (error messages list them so). */
  params: Record<string, ParamSurface>;
  rules: RuleSpec[];
  outputs: Record<string, OutputSurface>;
  /** Declared error statuses (4xx, 5xx) that become structured errors. */
  errors: number[];
  /** Statuses that are results, not errors. */
  outcomes: number[];
  polling?: Omit<PollingSpec, "output"> & { output: string };
  /**
   * For a list operation that pages: how the next page is reached, the list outputs gathered with allPages, and the
   * parameter giving a page's size.
   */
  pagination?: { style: string; items: string[]; pageSize?: string };
  /** Other upstream operations serving the tool, tried in order (`routes`). */
  routes?: RouteSurface[];
  /** The header carrying each call's idempotency key. */
  idempotency?: string;
}

export interface Surface {
  "//": string;
  provider: string;
  package: { name: string; version: string };
  generator: { name: string; version: string };
  /** sha256 of each input file, by path relative to the project. */
  inputs: Record<string, string>;
  /**
   * The concepts this surface records (link/concepts.ts): a concept it lists but holds no value
   * of is not declared. Absent from surfaces written before it was kept, which record only
   * the first concepts; diff compares a concept only where both surfaces record it.
   */
  concepts?: string[];
  auth: { placement: string; param: string };
  /**
   * The hosts an address given at call time may name without the caller allowing more (absent from earlier surfaces).
   */
  hosts?: string[];
  /** How the upstream throttles (manifest `rateLimits`), when the manifest says. */
  rateLimits?: RateLimitSpec;
  /** What the upstream refuses to receive, and how much of a reply a call reads, where the manifest says. */
  limits?: { requestHeadBytes?: number; replyBytes?: number };
  /** Where the error body is read, the statuses retried, and the tests making a 2xx reply a failure. */
  errors?: {
    /** Runtime expressions, as written (`$response.body#/error/code`). */
    fields?: { code: string[]; message: string[]; requestId: string[] };
    details?: Record<string, string[]>;
    retryableStatuses?: number[];
    failureWhen?: { expression: string; equals: string | number | boolean | null }[];
  };
  tools: Record<string, ToolSurface>;
  /**
   * The shapes `{ ref }`s name, each recorded once (absent from surfaces
   * written before, which expanded references where they were used).
   */
  shapes?: Record<string, Shape>;
}
