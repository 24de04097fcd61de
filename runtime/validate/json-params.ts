// Parameters of type json: JSON text parsed, the value's kind, keys it must
// not hold, its items' and values' limits. Part of the runtime's support
// (call/support.ts `json`): bundled only by packages whose provider has a
// JSON parameter.
import { nestingIssue, tooDeep } from "../common/nesting.js";
import { parsePointer } from "../http/expressions.js";
import type { FormFieldEncoding, ParamCall, ToolCall } from "../spec/tool-types.js";
import { type Checked, NOT_HEADER_SAFE, problem, show, type ValueSupport } from "./validate-params.js";
import { lacks } from "../common/unsupported.js";
import { redact } from "../common/redact.js";
import { ownOf } from "../common/own.js";
import { scalarText } from "../common/scalar-text.js";
import { type NestedProblem, nestedProblem } from "./nested-limits.js";
import type { NestedLimits } from "../spec/param-types.js";
import { writesNoPair } from "./query-nothing.js";
import { RESERVED_TRIPLES_RULE, sentReserved, triplesAreUtf8 } from "./reserved-triples.js";

/**
 * Check and normalise a given (non-empty) value of a json parameter; `secrets`: redacted from a value before it is cut
 * to be shown. A query object or list that writes no pair is marked (`nothing`: query-nothing.ts), which validation
 * counts as not given.
 */
export function checkJson(
  spec: ParamCall,
  raw: unknown,
  secrets: readonly string[] = [],
  support?: ValueSupport,
  tool?: Pick<ToolCall, "routes" | "auth">,
): Checked {
  const checked = checkJsonValue(spec, raw, secrets, support, tool);
  if (!("value" in checked) || !writesNoPair(spec.wire, checked.value)) return checked;
  // Required, with no default to stand for it: the request would lack it.
  if (!spec.required || spec.default !== undefined) return { value: checked.value, nothing: true };
  const got = show(spec, checked.value, secrets);
  return {
    issue: {
      param: spec.name,
      rule: "required",
      message: `${spec.name}: is required, got ${got}, which puts nothing in the query`,
    },
  };
}

function checkJsonValue(
  spec: ParamCall,
  raw: unknown,
  secrets: readonly string[],
  support: ValueSupport | undefined,
  tool: Pick<ToolCall, "routes" | "auth"> | undefined,
): Checked {
  // A value of several forms (`anyOf`): the unions support's (param-unions.ts), with the checks of each form's type.
  if (spec.anyOf)
    return support?.unions
      ? support.unions.check(spec, raw, support, tool, secrets)
      : { issue: lacks("unions", spec.name) };
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return problem(spec, "json", `must be valid JSON (${parseFailure(spec, raw, secrets)})`, raw, secrets);
    }
  }
  // Before anything walks it (its checks below recurse, as does sending it: JSON.stringify).
  const deep = tooDeep(value);
  if (deep) return { issue: nestingIssue(spec.name, deep) };
  const kind = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
  if (spec.jsonType && kind !== spec.jsonType)
    return problem(
      spec,
      "jsonType",
      `must be a JSON ${spec.jsonType}, not ${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`,
      raw,
      secrets,
    );
  if (!spec.jsonType && kind !== "object" && kind !== "array")
    return problem(spec, "jsonType", "must be a JSON object or array", raw, secrets);
  if (spec.forbiddenKeys && kind === "object") {
    const { keys, caseInsensitive, hint } = spec.forbiddenKeys;
    const refused = Object.keys(value as object).find((k) =>
      keys.some((f) => (caseInsensitive ? f.toLowerCase() === k.toLowerCase() : f === k)),
    );
    if (refused !== undefined) {
      return {
        issue: {
          param: spec.name,
          rule: "forbiddenKeys",
          message:
            `${spec.name}: must not contain ${keys.map((k) => JSON.stringify(k)).join(" or ")}` +
            `${caseInsensitive ? " (in any case)" : ""}${hint ? `: ${hint}` : ""}, ` +
            `got key ${JSON.stringify(refused)}`,
        },
      };
    }
  }
  if (kind === "array") {
    const count = (value as unknown[]).length;
    if (spec.minItems !== undefined && count < spec.minItems)
      return problem(
        spec,
        "minItems",
        `must hold at least ${spec.minItems} item${spec.minItems === 1 ? "" : "s"} (it holds ${count})`,
        raw,
        secrets,
      );
    if (spec.maxItems !== undefined && count > spec.maxItems)
      return problem(
        spec,
        "maxItems",
        `must hold at most ${spec.maxItems} item${spec.maxItems === 1 ? "" : "s"} (it holds ${count})`,
        raw,
        secrets,
      );
  }
  const broken = brokenText(value, "");
  if (broken)
    return {
      issue: {
        param: spec.name,
        rule: "characters",
        message:
          `${spec.name}${broken.where}: must be well-formed Unicode (it holds half of a surrogate pair), ` +
          `got ${show(spec, broken.text, secrets)}`,
      },
    };
  const nested =
    (kind === "object"
      ? objectProblem(spec, value as Record<string, unknown>)
      : kind === "array"
        ? arrayProblem(spec, value as unknown[])
        : undefined) ?? styleProblem(spec, value, tool);
  if (nested) {
    // A secret inside the value (NestedLimits.secret) is withheld, as a secret parameter's whole value is.
    const got = show(nested.secret ? { secret: true } : spec, nested.value, secrets);
    return {
      issue: {
        param: spec.name,
        rule: nested.rule,
        message: `${spec.name}${nested.where}: ${nested.text}, got ${got}`,
      },
    };
  }
  return { value };
}

/**
 * Why JSON text does not parse, as the parser says it: its message quotes an excerpt of the text, cut where the
 * parser chose, so it is the message of the text with the secrets redacted (a secret cut there would show in part);
 * a secret's own text (a list of texts) is withheld with its excerpt, however short.
 */
function parseFailure(spec: ParamCall, raw: string, secrets: readonly string[]): string {
  if (spec.secret) return "it does not parse";
  const text = secrets.length ? redact(raw, secrets) : raw;
  try {
    JSON.parse(text);
    return "it does not parse";
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * The first key or string inside a JSON value with half of a surrogate pair (no wire form carries it), and where it is.
 */
function brokenText(value: unknown, where: string): { where: string; text: string } | undefined {
  if (typeof value === "string") return !value.isWellFormed() ? { where, text: value } : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = brokenText(value[i], `${where}[${i}]`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!key.isWellFormed()) return { where: `${where} key`, text: key };
      const found = brokenText(item, `${where}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** An object's own shape (its fields, a union's shapes), then each key and value within their limits. */
function objectProblem(spec: ParamCall, value: Record<string, unknown>): NestedProblem | undefined {
  const own = spec.object && nestedProblem(spec.object, value);
  if (own) return own;
  if (!spec.keys && !spec.values) return undefined;
  const listed = listedFields(spec.object);
  for (const [key, item] of Object.entries(value)) {
    const where = `[${JSON.stringify(key)}]`;
    const keyProblem = spec.keys && nestedProblem(spec.keys, key);
    if (keyProblem) return { where, rule: keyProblem.rule, text: `the key ${keyProblem.text}`, value: key };
    // The values' limits are the document's `additionalProperties`: a field the object lists is held to its own.
    const valueProblem = spec.values && !listed.has(key) && nestedProblem(spec.values, item);
    if (valueProblem) return { ...valueProblem, where: where + valueProblem.where };
  }
  return undefined;
}

/** The fields an object's shape lists, its union's shapes' among them. */
function listedFields(object: NestedLimits | undefined): ReadonlySet<string> {
  if (!object) return new Set();
  return new Set([object.fields ?? {}, ...(object.shapes ?? []).map((s) => s.fields)].flatMap((f) => Object.keys(f)));
}

function arrayProblem(spec: ParamCall, value: unknown[]): NestedProblem | undefined {
  // A tuple's positions (and its rest) are its own shape's (param-types.ts `tuple`).
  if (spec.tuple) return nestedProblem(spec.tuple, value);
  if (!spec.items) return undefined;
  for (let i = 0; i < value.length; i++) {
    const found = nestedProblem(spec.items, value[i]);
    if (found) return { ...found, where: `[${i}]${found.where}` };
  }
  return undefined;
}

/** What a value's style cannot write: in a header, in a query list joined by a delimiter, as a path's dot segment. */
function styleProblem(spec: ParamCall, value: unknown, tool?: StyledTool): NestedProblem | undefined {
  return (
    headerStyleProblem(spec, value) ??
    delimitedQueryProblem(spec, value, tool) ??
    labelDotProblem(spec, value, tool) ??
    reservedItemProblem(spec, value, tool) ??
    dotSegmentList(spec, value)
  );
}

/** A list's items or an object's values, each with where it is (`[0]`, `["key"]`) and its key. */
function itemsOf(value: object): (readonly [string, unknown, string | undefined])[] {
  return Array.isArray(value)
    ? value.map((item, i) => [`[${i}]`, item, undefined] as const)
    : Object.entries(value).map(([key, item]) => [`[${JSON.stringify(key)}]`, item, key] as const);
}

/**
 * What a header in style simple cannot carry (OpenAPI's styles, RFC 6570's lists and pairs of text): a list's items
 * and an object's keys and values are written between commas, and a header is never percent-encoded, so a comma inside
 * one (or, exploded, an `=` in a key) would be read as a delimiter; a list or object inside has no form in the style
 * (its JSON text holds commas). Refused before any request rather than sent as a value the upstream reads otherwise.
 */
function headerStyleProblem(spec: ParamCall, value: unknown): NestedProblem | undefined {
  const wire = spec.wire;
  if (wire.in !== "header" || !wire.encoding || wire.encoding.json || value === null || typeof value !== "object")
    return undefined;
  const why = "(style simple writes it between commas, and a header is not percent-encoded)";
  // HTTP drops the spaces and tabs at a header's ends and reads those around a list's commas as none (RFC 9110's list
  // syntax): an item's own would not reach the upstream (`[" "]` went as an empty header, `["a", " "]` as `a,`).
  const blanks = "(style simple writes it between commas in an HTTP header, which drops the blanks around them)";
  const unsafe =
    "line breaks or other control characters, nor characters outside Latin-1 (it is sent in an HTTP header)";
  const inside = (item: unknown): { rule: string; text: string } | undefined =>
    item !== null && typeof item === "object"
      ? {
          rule: "style",
          text:
            "must be text, a number or true/false: a header in style simple has no form for " +
            `${Array.isArray(item) ? "a list" : "an object"} inside one`,
        }
      : typeof item === "string" && item.includes(",")
        ? { rule: "style", text: `must not contain a comma ${why}` }
        : typeof item === "string" && NOT_HEADER_SAFE.test(item)
          ? { rule: "characters", text: `must not contain ${unsafe}` }
          : typeof item === "string" && EDGE_BLANK.test(item)
            ? { rule: "characters", text: `must not start or end with a space or tab ${blanks}` }
            : undefined;
  for (const [where, item, key] of itemsOf(value)) {
    if (key !== undefined && (key.includes(",") || (wire.encoding.explode && key.includes("="))))
      return { where, rule: "style", text: `the key must not contain a comma or "=" ${why}`, value: key };
    if (key !== undefined && NOT_HEADER_SAFE.test(key))
      return { where, rule: "characters", text: `the key must not contain ${unsafe}`, value: key };
    if (key !== undefined && EDGE_BLANK.test(key))
      return {
        where,
        rule: "characters",
        text: `the key must not start or end with a space or tab ${blanks}`,
        value: key,
      };
    const found = inside(item);
    if (found) return { where, ...found, value: item };
  }
  return undefined;
}

/** A space or tab at either end of a text. */
const EDGE_BLANK = /^[ \t]|[ \t]$/;

const QUERY_DELIMITERS = { spaceDelimited: " ", pipeDelimited: "|" } as const;

/** Where a value may be placed besides its own wire (a route's), and, for a body field, how the body styles it. */
type StyledTool = Pick<ToolCall, "routes"> & { body?: ToolCall["body"] };

/** The style a form (or multipart) body gives a top-level field (`body.fields`), if the value is one. */
function bodyFieldEncoding(spec: ParamCall, tool?: StyledTool): FormFieldEncoding | undefined {
  const fields = tool?.body?.fields;
  if (spec.wire.in !== "body" || !fields) return undefined;
  const path = parsePointer(spec.wire.pointer);
  const name = path.length === 1 ? (path[0] as string) : undefined;
  return name !== undefined ? ownOf(fields, name) : undefined;
}

/**
 * What a query list or object in style spaceDelimited or pipeDelimited cannot carry: its items (an object's keys and
 * values) go between the style's delimiter percent-encoded (`%20`, `%7C`: OpenAPI 3.1.1's style table), which is how an
 * item's own space or `|` is written too, so the upstream would read an item holding one as two. Refused before any
 * request, as a header's comma is; the style's other places (a route's wire) count alike, and a form body's field the
 * document styles so (its Encoding Object), which is written the same way. These styles and form unexploded write one
 * pair of text items: a list or object inside has no form there (form-body.ts would write it in bracket form, pairs of
 * their own), refused alike.
 */
function delimitedQueryProblem(spec: ParamCall, value: unknown, tool?: StyledTool): NestedProblem | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const wires = [spec.wire, ...(tool?.routes ?? []).map((r) => r.wire[spec.name])];
  const encodings = [
    ...wires.map((wire) => (wire?.in === "query" ? wire.encoding : undefined)),
    bodyFieldEncoding(spec, tool),
  ];
  for (const encoding of encodings) {
    const style = encoding && !encoding.json ? encoding.style : undefined;
    const delimited = style === "spaceDelimited" || style === "pipeDelimited";
    if (!delimited && !(style === "form" && encoding?.explode === false)) continue;
    const written = `style ${delimited ? style : "form, unexploded,"} writes its items as text in one pair`;
    const inside = `must be text, a number or a boolean (${written}, and has no form for a list or object inside)`;
    const delimiter = delimited ? QUERY_DELIMITERS[style] : undefined;
    const shown = JSON.stringify(delimiter);
    const why = `${shown} (style ${style} writes the items between ${shown} encoded alike)`;
    for (const [where, item, key] of itemsOf(value)) {
      if (delimiter && key?.includes(delimiter))
        return { where, rule: "style", text: `the key must not contain ${why}`, value: key };
      if (item !== null && typeof item === "object") return { where, rule: "style", text: inside, value: item };
      if (delimiter && typeof item === "string" && item.includes(delimiter))
        return { where, rule: "style", text: `must not contain ${why}`, value: item };
    }
  }
  return undefined;
}

/**
 * An item as a style writes it (form-body.ts): a list or object inside as its JSON text (`[1.5]`, `{"k":"a b"}`), a
 * scalar as text, a number in plain decimals (1e-7 goes `0.0000001`, a dot).
 */
const writtenItem = (item: unknown): string =>
  item !== null && typeof item === "object" ? JSON.stringify(item) : scalarText(item);
const asJson = (item: unknown): string =>
  item !== null && typeof item === "object" ? " (a list or object inside goes as its JSON text)" : "";

/**
 * What a path list or object in style label, exploded, cannot carry: its items (an object's `key=value` pairs) go each
 * after a "." (`.a.b`, `.k=v.k2=w`: OpenAPI's style table, RFC 6570's `{.list*}`), and "." is an unreserved character,
 * which no one percent-encodes, so an item (a key, a value, a number's decimals) holding one reached the upstream as
 * two. Refused before any request, as a delimited query item's delimiter is; the style's other places count alike.
 */
function labelDotProblem(spec: ParamCall, value: unknown, tool?: Pick<ToolCall, "routes">): NestedProblem | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const wires = [spec.wire, ...(tool?.routes ?? []).map((r) => r.wire[spec.name])];
  const exploded = (wire: (typeof wires)[number]) =>
    wire?.in === "path" && wire.encoding?.style === "label" && wire.encoding.explode && !wire.encoding.json;
  if (!wires.some(exploded)) return undefined;
  const why = '"." (style label, exploded, writes each item after a "." it leaves unencoded, RFC 6570)';
  for (const [where, item, key] of itemsOf(value)) {
    if (key?.includes(".")) return { where, rule: "style", text: `the key must not contain ${why}`, value: key };
    if (writtenItem(item).includes("."))
      return { where, rule: "style", text: `must not contain ${why}${asJson(item)}`, value: item };
  }
  return undefined;
}

/** A list's (an object's) text item, sent by reserved expansion, holding percent-encoded bytes that are no UTF-8. */
function reservedItemProblem(spec: ParamCall, value: unknown, tool?: StyledTool): NestedProblem | undefined {
  if (value === null || typeof value !== "object" || !sentReserved(spec, tool)) return undefined;
  for (const [where, item] of itemsOf(value))
    if (typeof item === "string" && !triplesAreUtf8(item))
      return { where, rule: "characters", text: RESERVED_TRIPLES_RULE, value: item };
  return undefined;
}

/**
 * A list in a path in style simple is its items between commas: one item "." or ".." is a dot segment. In style label
 * it follows a "." (`.a,b`, exploded `.a.b`): one item "" or "." writes "." or "..", which an address resolves away as
 * well (`/zq/../x` went to `/x`).
 */
function dotSegmentList(spec: ParamCall, value: unknown): NestedProblem | undefined {
  const { wire } = spec;
  if (wire.in !== "path" || wire.encoding?.json || !Array.isArray(value)) return undefined;
  const style = wire.encoding?.style ?? "simple";
  if (style === "simple" && /^\.\.?$/.test(value.join(",")))
    return {
      where: "",
      rule: "pathSegment",
      text: 'must not be "." or ".." (its one item is the path segment)',
      value,
    };
  const written = wire.encoding?.explode ? value.map((item) => `.${item}`).join("") : `.${value.join(",")}`;
  if (style === "label" && value.length && /^\.\.?$/.test(written))
    return {
      where: "",
      rule: "pathSegment",
      text: 'must not write the path segment "." or ".." (style label writes a "." before its items)',
      value,
    };
  return undefined;
}
