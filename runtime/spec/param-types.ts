// A generated tool's parameters (part of the tool's shape, tool-types.ts, which exports them too): their types,
// where each goes on the wire and how it is written there, their limits and the rules between them.
import type { StringFormat, ValueFormat } from "./formats.js";

/**
 * `file`: the content of a file, given as bytes (Uint8Array, ArrayBuffer, Blob), a path (read on Node) or an https
 * address (fetched); sent as a part of a multipart body.
 */
export type ParamType = "string" | "number" | "boolean" | "json" | "file";

export type WireConstant =
  | { in: "query" | "header"; name: string; value: string | number | boolean }
  | { in: "body"; pointer: string; value: unknown };

/**
 * How a path or header value is written (OpenAPI `style`/`explode`), when not a plain text: `label` (`.blue`), `matrix`
 * (`;color=blue`), or an array or object in `simple` (`a,b`, `k,v` or, exploded, `k=v`); `json`: the value as JSON (a
 * parameter the document describes by `content: application/json`).
 */
export interface ValueStyle {
  style: "simple" | "label" | "matrix";
  explode: boolean;
  json?: true;
}

/** How a path value spanning segments is written (WireSpec's `multiSegment`). */
export type MultiSegment = true | "reserved" | "as-given";

/** Where a parameter's value goes; `auth` and `server` parameters are not sent as themselves. */
export type WireSpec =
  /**
   * `multiSegment`: the value spans path segments. `true` (a file path): its `/` sent as they are, each segment
   * encoded; `reserved` (RFC 6570's `{+name}`): every reserved character as it is (a `?` starts its own query);
   * `as-given` (a link the service gave): as `reserved`, and a whole address on the call's own origin is the request's
   * (http/path-link.ts).
   */
  | { in: "path"; name: string; escape?: Record<string, string>; encoding?: ValueStyle; multiSegment?: MultiSegment }
  | { in: "header"; name: string; escape?: Record<string, string>; encoding?: ValueStyle }
  /**
   * A pair of the `Cookie` header (OpenAPI `in: cookie`): `name=value`, the value percent-encoded; `encoding` as a
   * header value's (JSON for `content`).
   */
  | { in: "cookie"; name: string; escape?: Record<string, string>; encoding?: ValueStyle }
  /**
   * `encoding`: how an array or object value is written (OpenAPI `style`/`explode`), when not form, exploded.
   * `of`: the value is field `field` of the object query parameter `name` declares, `name` here being the key its
   * style writes the field under (`field`, or `name[field]`).
   */
  | {
      in: "query";
      name: string;
      escape?: Record<string, string>;
      encoding?: FormFieldEncoding;
      of?: { name: string; field: string };
    }
  /**
   * `otherFields`: the value (a JSON object) holds the other fields of the body object at `pointer`, those its schema
   * does not name, each sent beside the named ones as that object's own field.
   */
  | {
      in: "body";
      pointer: string;
      split?: { separator: string; maxItems?: number };
      wrapUnlessKey?: string;
      otherFields?: true;
    }
  | { in: "switch"; whenTrue: WireConstant[] }
  /**
   * A header of a multipart body's part (OpenAPI `encoding.<field>.headers`): the value goes as header `name` of each
   * part of body field `field`, not as a value of its own.
   */
  | { in: "part"; field: string; name: string }
  | { in: "auth" }
  | { in: "server" };

export interface ParamSpec {
  name: string;
  type: ParamType;
  title: string;
  description: string;
  required: boolean;
  default?: unknown;
  /**
   * The parameter may be given as null, sent as JSON null (a JSON body's field, or the whole body, whose document
   * admits null there), or in a query as nothing (OpenAPI writes no pair for null; a required one refuses null); null
   * given to a parameter without it counts as not given.
   */
  nullable?: true;
  /**
   * false: the default is applied for validation and rules, but not sent (so it gives no parameter of an exactlyOne or
   * anyOf rule).
   */
  sendDefault?: boolean;
  integer?: boolean;
  minimum?: number;
  maximum?: number;
  /**
   * For a number: the bound a value must be above (below), itself refused, as JSON Schema 2020-12 writes it (the
   * document's `exclusiveMinimum`, a 3.0 boolean beside `minimum` or a 3.1 number). An integer's is the inclusive whole
   * number past it instead (`minimum`).
   */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** Only multiples of this are accepted (checked by the number rules support, validate/number-rules.ts). */
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  patternHint?: string;
  enum?: unknown[];
  caseInsensitive?: boolean;
  /**
   * A text's known values, beside any other it takes (an open enum: `x-ms-enum` `modelAsString`,
   * `x-extensible-enum`): offered to editors (the typed client's `"a" | "b" | (string & {})`) and to models (in
   * words), never checked.
   */
  knownValues?: string[];
  /**
   * `base-url`: the address calls go to; the others: OpenAPI's formats of the name, checked before any request
   * (formats.ts).
   */
  format?: StringFormat;
  /**
   * A list in one string, its items separated by this (`,`): `enum`, `pattern` and `format` then apply to each item.
   */
  separator?: string;
  jsonType?: "object" | "array";
  /** For a JSON array: the fewest and the most items it may hold. */
  minItems?: number;
  maxItems?: number;
  /** For a JSON object: the limits of each of its keys, and of each of its values. */
  keys?: NestedLimits;
  values?: NestedLimits;
  /** For a JSON array: the limits of each of its items. */
  items?: NestedLimits;
  /**
   * For a JSON object: the object itself by its shape, as the document gives it (the link fills it): its fields' kinds
   * and limits and those it must have, or the shapes of a union of objects (`shapes`, told apart by `tag`).
   */
  object?: NestedLimits;
  /** For a JSON array that is a 3.1 tuple: the list itself by its shape (NestedLimits.prefix), as the link fills it. */
  tuple?: NestedLimits;
  secret: boolean;
  visibility: "user-only" | "user-or-llm";
  placeholder?: string;
  /** A typed example value (it passes the parameter's own rules). */
  example?: unknown;
  /**
   * For a file: the most bytes it may have, checked before any request (the document's `maxLength` of the binary field,
   * or the manifest's).
   */
  maxBytes?: number;
  /**
   * For a file: the Content-Type its part may have (a type, a range such as `image/*`, or a comma-separated list: the
   * document's `encoding.contentType`): the file's own type (a Blob's, a fetched file's, its name's extension's) where
   * it admits it, else the first type listed; none declared: the file's own type, else application/octet-stream
   * (OpenAPI's default for bytes, where nothing is said of the file).
   */
  contentType?: string;
  /**
   * For a file: a list of files, each its own part under the field's name (a multipart field that is an array of
   * files).
   */
  multiple?: boolean;
  /** Keys a JSON object must not contain. */
  forbiddenKeys?: { keys: string[]; caseInsensitive?: boolean; hint?: string };
  /**
   * For a json parameter: the forms its value may take, each a type and its limits; a value meeting one, tried in
   * order, is sent as it is (validate/json-params.ts).
   */
  anyOf?: ParamBranch[];
  wire: WireSpec;
}

/**
 * One form a parameter's value may take (`anyOf`): its type and that type's limits; an object form's shape the link
 * fills from the document's objects at the parameter's place (`object`: their fields, or the union of them).
 */
export type ParamBranch = Pick<
  ParamSpec,
  | "type"
  | "integer"
  | "minimum"
  | "maximum"
  | "exclusiveMinimum"
  | "exclusiveMaximum"
  | "multipleOf"
  | "minLength"
  | "maxLength"
  | "pattern"
  | "patternHint"
  | "enum"
  | "caseInsensitive"
  | "format"
  | "jsonType"
  | "minItems"
  | "maxItems"
  | "items"
  | "object"
>;

/**
 * Limits of the values inside a JSON parameter (an object's keys or values, an array's items), checked before any
 * request; a list's or an object's at each depth the link records (the document's shape, not the manifest's).
 */
export interface NestedLimits {
  /** The value's kind (`object`, `array`: a list or an object, whose own limits follow). */
  type?: "string" | "number" | "integer" | "boolean" | "object" | "array";
  /** The value may be null too (the document's `nullable`, or `null` among its types). */
  nullable?: true;
  /**
   * A value of one of several scalar kinds, no `type` of its own (the document's oneOf/anyOf of scalar types, or a type
   * list such as `[string, integer]`): each kind its `type` (no two overlapping) and that kind's own limits. A value of
   * no kind, or breaking its kind's limits, is refused. Beside `shapes` (a union of scalars and objects: an id or the
   * expanded object): an object is held to the shapes, any other value to these kinds.
   */
  kinds?: NestedLimits[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: ValueFormat;
  enum?: unknown[];
  /**
   * For a text: its known values where the service takes others too (an open enum: `x-ms-enum` of `modelAsString`,
   * `x-extensible-enum`), as a parameter's `knownValues`: offered in the typed client's type and to models, never
   * checked.
   */
  knownValues?: string[];
  /**
   * For a text: it holds a secret (a password, a client secret: the document's `format: password`, or a field its
   * name says is one), so a refusal of it withholds its value, as a secret parameter's. For a map of texts (an object
   * whose name says its values are secrets: `credentials`, `AuthParameters`): each of its values.
   */
  secret?: true;
  minimum?: number;
  maximum?: number;
  /** For a number: the bound it must be above (below), itself refused (a ParamSpec's `exclusiveMinimum`). */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** For a list: each item's limits (a tuple's: each past its `prefix`). */
  items?: NestedLimits;
  /** For a list that is a 3.1 tuple (`prefixItems`): each first item's limits, by its position. */
  prefix?: NestedLimits[];
  /** For a list: how many items it holds at least, at most (a tuple's, `items: false` its prefix's count). */
  minItems?: number;
  maxItems?: number;
  /** For an object: its fields' limits, by name (a field it may leave out is checked when given). */
  fields?: Record<string, NestedLimits>;
  /** For an object: the fields it must have. */
  required?: string[];
  /**
   * For an object with fields: it takes fields besides them (the document's `additionalProperties`, true or a schema).
   * Not checked here (the upstream's to judge); a typed caller's type says so.
   */
  open?: true;
  /**
   * An object of one of several shapes (the document's oneOf/anyOf of objects): each its fields' limits and the fields
   * it must have; a value meeting none is refused. With `kinds` too, a value that is no object is of one of them (one
   * shape alone is then a union's one object).
   */
  shapes?: {
    fields: Record<string, NestedLimits>;
    required?: string[];
    open?: true;
    /**
     * The shape takes its own fields only (the document's `additionalProperties: false`): a value holding another is
     * not of this shape, so that one of no shape (an uploaded file's shape given an inlined file's encoding) is refused
     * before any request rather than sent as of a shape the service refuses.
     */
    closed?: true;
  }[];
  /**
   * With `shapes`: the field whose value names the shape (the document's discriminator, or a field each shape fixes to
   * one value); each shape's `fields[tag].enum` lists the values naming it. A value must name one shape and meet it.
   */
  tag?: string;
  /**
   * With `shapes` and no `tag`: the value meets exactly one shape (the document's oneOf whose shapes each require a
   * field no other shape has): a value meeting two, each one's own field given, is refused as the oneOf refuses it.
   */
  exclusive?: true;
  /**
   * With `shapes` and no `tag`: each shape takes its own fields only (the document's oneOf of shapes that each list
   * fields, none requiring one, closing or fixing one to a value of its own: by JSON Schema's letter every object meets
   * several, so none meets the oneOf). A value is held to the shapes whose fields hold all its keys, as the request
   * judge and the mocks read such a union: one that mixes two shapes' own fields is refused.
   */
  byFields?: true;
}

export type RuleSpec =
  | { rule: "exactlyOne"; params: string[] }
  | { rule: "anyOf"; groups: string[][] }
  | { rule: "atMostOne"; groups: string[][] }
  | { rule: "allowedValues"; param: string; dependsOn: string; values: Record<string, unknown[]> }
  | {
      rule: "dependentLimits";
      param: string;
      dependsOn: string;
      limits: Record<string, DependentLimit>;
    }
  /**
   * `param` must be given when `dependsOn` (after its default) has one of `values`; without `values`, whenever
   * `dependsOn` is given (JSON Schema's `dependentRequired`).
   */
  | { rule: "requiredWhen"; param: string; dependsOn: string; values?: (string | number | boolean)[] }
  /**
   * `param`, given, is sent instead of `params` (none of them with it); not given, each of `required` is required (a
   * body offered as named fields or as a file: the file instead of the fields).
   */
  | { rule: "replaces"; param: string; params: string[]; required?: string[] };

/**
 * The limits a `dependentLimits` rule sets for one value of the parameter it depends on: a number's range, a text's
 * length, a list's item count (a JSON array's).
 */
export interface DependentLimit {
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

/**
 * How a form field (or a query parameter) is written: its style, and whether as JSON or with reserved characters raw.
 */
export interface FormFieldEncoding {
  style: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  explode: boolean;
  /**
   * The value goes as one JSON text (the document's `encoding.contentType: application/json`, or a query parameter
   * described by `content`).
   */
  json?: true;
  /**
   * With `json`: the field's schema admits a list alone, so a list goes a pair (a part) per item, each its JSON
   * (OpenAPI 3.2, Encoding Object); a field that may be another kind goes as one JSON text whatever its value.
   */
  items?: true;
  /** Reserved characters go raw (`allowReserved`): `/`, `:`, `,`… as they are, `#&=+[]` still encoded. */
  reserved?: true;
}
