// A request under construction (build-request.ts): its path values, query,
// headers and body before its address and body are encoded. A module of its
// own so that the support's parts (support.ts) can name what places constants
// without importing the builder, which imports them; and the one writer of a
// path, query, header or cookie value (`placeValue`), which the builder and the
// typed openapi-fetch client (client.ts `wireMiddleware`) both call, so that
// the same input reaches the wire the same way whichever a caller uses.
import { scalarText } from "../common/scalar-text.js";
import { splitList } from "../validate/validate-params.js";
import type { Encoded } from "../http/percent-encoding.js";
import type { linkProblem } from "../http/path-link.js";
import type { reservedTriplesProblem } from "../validate/reserved-triples.js";
import type { MultiSegment } from "../spec/param-types.js";
import type { FormFieldEncoding, ParamCall, ToolCall, ValueStyle, WireConstant } from "../spec/tool-types.js";
import type { BodySupport } from "./request-body.js";
import type { Failure } from "../http/errors.js";

export interface WireRequest {
  /** Text, or (a style's, a value spanning segments) written for the address already. */
  path: Record<string, string | Encoded>;
  query: Record<string, string | number | boolean | Encoded | (string | number | boolean | Encoded)[]>;
  header: Record<string, string>;
  body?: unknown;
  /** A multipart body's part headers (`in: part`, ToolSpec `partHeaders`): by field, each header's value. */
  partHeaders?: Record<string, Record<string, string>>;
}

// Made by `new`, of a prototype that has none: V8 keeps these fast, where it fills and copies an Object.create(null)
// as a dictionary (10x slower, measured: about 2 us more on each call).
const Pairs = function Pairs() {} as unknown as new () => Record<string, never>;
Pairs.prototype = Object.create(null);

/**
 * A request with no pairs yet. Each record of pairs by name has no Object member, so that a wire name `__proto__` is
 * a pair (assigned to a plain object it set the prototype, the pair lost) and `constructor` is none until placed.
 */
export function emptyRequest(): WireRequest {
  return { path: new Pairs(), query: new Pairs(), header: new Pairs() };
}

/**
 * Form-encoded bodies, arrays, objects and JSON in the query, styled path and header values: `formEncoding`
 * (form-body.ts), the support's `form` part (support.ts).
 */
export interface FormSupport {
  encodeForm(body: unknown, fields?: Record<string, FormFieldEncoding>): string;
  placeStyled(
    query: Record<string, unknown>,
    name: string,
    value: unknown,
    encoding: FormFieldEncoding | undefined,
  ): void;
  styledValue(name: string, value: unknown, style: ValueStyle, place: "path" | "header"): string;
  /** A path value spanning segments (`multiSegment`), written as its kind says (http/path-link.ts). */
  segments(text: string, kind: MultiSegment): Encoded;
  /** Why a link's value (`multiSegment` reserved, as-given) cannot be sent, checked with the values. */
  linkProblem: typeof linkProblem;
  /** Why a text sent by reserved expansion (`allowReserved`) cannot be: its triples no UTF-8. */
  reservedTriplesProblem: typeof reservedTriplesProblem;
  /** An `as-given` value that is a whole address and may not be the request's (`base`: the call's address). */
  linkedElsewhere(
    tool: ToolCall,
    values: Record<string, unknown>,
    base: string,
  ): { problem: Omit<Failure, "type"> } | undefined;
  /** The path with its own query's pairs that a query parameter sends left out (`/search?q={q}`). */
  ownQuery(path: string, values: Record<string, unknown>): string;
  /** A cookie parameter's pair of the Cookie header (`wire.in: cookie`). */
  cookiePair(
    header: Record<string, string>,
    wire: { name: string; encoding?: ValueStyle | undefined },
    value: unknown,
    text: string,
  ): void;
}

/**
 * Constants placed on a request: the constants support (build-request.ts `placeConstants`, exported as
 * `wireConstants`).
 */
export type PlaceConstants = (
  request: WireRequest,
  constants: readonly WireConstant[],
  bodies: BodySupport | undefined,
  accept?: string,
) => void;

/** A parameter's wire in the request's address or head: a path, query, header or cookie value. */
export type AddressWire = Extract<ParamCall["wire"], { in: "path" | "query" | "header" | "cookie" }>;

/**
 * A path, query, header or cookie value written as its wire says: the one writer of each, which a tool's call and the
 * typed openapi-fetch client (call/client.ts `wireMiddleware`) both use.
 */
export function placeValue(
  request: WireRequest,
  wire: AddressWire,
  given: unknown,
  form: FormSupport | undefined,
  /** The parameter's `separator`: its value a list in one string. */
  separator?: string,
): void {
  // A list in one string at a place the document styles as a list (`tags`, form, not exploded): its items, written as
  // that style writes a list, each item encoded and the delimiters literal. As one text its delimiters were encoded
  // (`red%2Cblue`), which a server reads as one item holding a comma. Not where the style explodes (a text there is
  // one value; the link refuses a list in one string at an exploded list's place) nor where the value is JSON-encoded.
  const style = separator !== undefined && typeof given === "string" ? wire.encoding : undefined;
  const value = style && !style.explode && !style.json ? splitList(given as string, separator as string) : given;
  if (wire.in === "query") {
    // An array or an object, or a value the document JSON-encodes: written as its style says (form-body.ts).
    if (form && ((value !== null && typeof value === "object") || wire.encoding?.json || wire.encoding?.reserved))
      form.placeStyled(
        request.query,
        wire.name,
        wire.escape ? withEscapes(scalarText(value), wire.escape) : value,
        wire.encoding,
      );
    else
      request.query[wire.name] = wire.escape
        ? withEscapes(scalarText(value), wire.escape)
        : (value as string | number | boolean);
  }
  // One pair of the Cookie header (form-body.ts: a provider without cookie parameters bundles none of it).
  else if (wire.in === "cookie")
    // A list or object is written by its style (an object of no prototype has no text of its own).
    form?.cookiePair(
      request.header,
      wire,
      value,
      value !== null && typeof value === "object" ? "" : withEscapes(scalarText(value), wire.escape),
    );
  // A path or header value in a style (label, matrix, an array or object; form-body.ts): the form support's.
  else if (wire.encoding && form) {
    const styled = form.styledValue(wire.name, value, wire.encoding, wire.in);
    if (wire.in === "path") request.path[wire.name] = { encoded: styled };
    else request.header[wire.name] = styled;
  }
  // A path value spanning segments (its `/` kept, or a link's reserved characters: http/path-link.ts): the form's too.
  else if (wire.in === "path")
    request.path[wire.name] =
      wire.multiSegment && form
        ? form.segments(withEscapes(scalarText(value), wire.escape), wire.multiSegment)
        : withEscapes(scalarText(value), wire.escape);
  else request.header[wire.name] = withEscapes(scalarText(value), wire.escape);
}

function withEscapes(value: string, replacements: Record<string, string> | undefined): string {
  // Most values have none: no entries made.
  return replacements
    ? Object.entries(replacements).reduce((out, [from, to]) => out.split(from).join(to), value)
    : value;
}
