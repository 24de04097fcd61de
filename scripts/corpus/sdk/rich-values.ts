// The values of one comparison call: the contract suite's (src/contract/inputs/values.ts: every
// parameter that has a value, each passing its rules), made richer where a
// thin value would hide how a field is written: a JSON parameter gets a value
// made from the document's own schema at its place with every field filled
// (a form's nested object, a list of two where allowed, a list of objects' items each
// with every field too), not `{}` or `[]`; a free-text parameter
// gets text with characters each encoding treats its own way (space, `/`,
// `&`, `+`, `=`, `%`, a non-ASCII letter) when its rules allow it. Every value
// still passes the parameter's rules; the input still passes the tool's.
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { parsePointer } from "@blockwright/runtime/internal";
import type { OpenApiDocument } from "../../../src/load/openapi-document.js";
import { withoutReadOnlyRequired } from "../../../src/load/read-only.js";
import { DocumentSampler } from "../../../src/mocks/sample/schema-sample.js";
import type { ToolValues } from "../../../src/contract/inputs/values.js";

/** Free text that every encoding must escape somewhere. */
export const PROBE_TEXT = "Zq probe/a b&c+d=e%f é";

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);
const escapeKey = (k: string) => k.replace(/~/g, "~0").replace(/\//g, "~1");

function nodeAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const token of parsePointer(pointer))
    node = isNode(node) || Array.isArray(node) ? (node as Node)[token] : undefined;
  return node;
}

/** Follow `$ref`s to the node's own place. */
function resolved(data: unknown, pointer: string): string {
  let at = pointer;
  for (let hops = 0; hops < 8; hops++) {
    const node = nodeAt(data, at);
    if (!isNode(node) || typeof node.$ref !== "string" || !node.$ref.startsWith("#/")) return at;
    at = node.$ref.slice(1);
  }
  return at;
}

/** Where `path` leads from the schema at `pointer`: properties, items, allOf members. */
function placeOf(data: unknown, pointer: string, path: readonly string[], depth = 0): string | undefined {
  if (depth > 32) return undefined;
  const at = resolved(data, pointer);
  const node = nodeAt(data, at);
  if (!isNode(node)) return undefined;
  const [segment, ...rest] = path;
  if (segment === undefined) return at;
  if (isNode(node.properties) && Object.hasOwn(node.properties, segment))
    return placeOf(data, `${at}/properties/${escapeKey(segment)}`, rest, depth + 1);
  if (/^(0|[1-9]\d*)$/.test(segment) && node.items !== undefined) return placeOf(data, `${at}/items`, rest, depth + 1);
  for (const [i] of (Array.isArray(node.allOf) ? node.allOf : []).entries()) {
    const found = placeOf(data, `${at}/allOf/${i}`, path, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The schema's place in the document for a parameter of the tool. */
function schemaPlace(tool: ToolSpec, doc: OpenApiDocument, param: ParamSpec): string | undefined {
  const op = doc.operations.get(tool.operationId);
  if (!op) return undefined;
  const data = doc.source.data;
  const operation = `/${op.location.map((k) => escapeKey(String(k))).join("/")}`;
  const wire = param.wire;
  if (wire.in === "path" || wire.in === "query" || wire.in === "header") {
    for (const list of [`${operation}/parameters`, `${operation.slice(0, operation.lastIndexOf("/"))}/parameters`]) {
      const items = nodeAt(data, list);
      if (!Array.isArray(items)) continue;
      for (const [i] of items.entries()) {
        const at = resolved(data, `${list}/${i}`);
        const item = nodeAt(data, at);
        if (isNode(item) && item.in === wire.in && item.name === wire.name && isNode(item.schema))
          return `${at}/schema`;
      }
    }
    return undefined;
  }
  if (wire.in !== "body") return undefined;
  const body = resolved(data, `${operation}/requestBody`);
  const content = nodeAt(data, `${body}/content`);
  if (!isNode(content)) return undefined;
  const media =
    Object.keys(content).find((k) => k.split(";")[0]?.trim() === tool.body?.mediaType) ?? Object.keys(content)[0];
  if (media === undefined) return undefined;
  return placeOf(data, `${body}/content/${escapeKey(media)}/schema`, parsePointer(wire.pointer));
}

const samplers = new WeakMap<OpenApiDocument, DocumentSampler>();

function samplerOf(doc: OpenApiDocument): DocumentSampler {
  let sampler = samplers.get(doc);
  if (!sampler) samplers.set(doc, (sampler = new DocumentSampler(withoutReadOnlyRequired(doc.source.data as Node))));
  return sampler;
}

const filled = (v: unknown) =>
  Array.isArray(v) ? v.length > 0 : isNode(v) ? Object.keys(v).length > 0 : v !== undefined;

/**
 * Every list of a value with its first item twice (a list of one reads the same repeated or joined: two tell them
 * apart).
 */
function twoOfEach(value: unknown): unknown {
  if (Array.isArray(value)) return (value.length === 1 ? [value[0], value[0]] : value).map(twoOfEach);
  if (isNode(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, twoOfEach(v)]));
  return value;
}

/** The items' place of a list of objects (a list's outermost object is its item: each gets every field too). */
function listItemsPlace(doc: OpenApiDocument, place: string): string | undefined {
  const data = doc.source.data;
  const list = nodeAt(data, resolved(data, place));
  if (!isNode(list) || list.type !== "array" || !isNode(list.items)) return undefined;
  const items = resolved(data, `${resolved(data, place)}/items`);
  const item = nodeAt(data, items);
  return isNode(item) && (item.type === "object" || isNode(item.properties)) ? items : undefined;
}

/** A list of one item made with every field filled (twoOfEach makes it two). */
function listOfFull(sampler: DocumentSampler, items: string, seed: number): unknown[] | undefined {
  const item = sampler.sample(items, { everyField: true, textFields: true, request: true, seed })?.value;
  return item === undefined ? undefined : [item];
}

/**
 * A JSON value made from the document's schema for the parameter, every field filled and every list of two where its
 * rules allow, that its rules accept.
 */
function madeJson(tool: ToolSpec, doc: OpenApiDocument, values: ToolValues, param: ParamSpec): unknown {
  const place = schemaPlace(tool, doc, param);
  if (place === undefined) return undefined;
  const sampler = samplerOf(doc);
  const items = listItemsPlace(doc, place);
  // Without the fields read only; where none is accepted (a document requiring one it marks read only), the contract
  // suite's value stands, which has them then (made-body.ts).
  for (const seed of [0, 1, 2, 3]) {
    const made =
      items !== undefined
        ? listOfFull(sampler, items, seed)
        : sampler.sample(place, { everyField: true, textFields: true, request: true, seed })?.value;
    if (!filled(made) || !values.accepts(param, made)) continue;
    const two = twoOfEach(made);
    return values.accepts(param, two) && sampler.valid(two, place) ? two : made;
  }
  return undefined;
}

/** The input of a comparison call. */
export function richInput(tool: ToolSpec, doc: OpenApiDocument, values: ToolValues): Record<string, unknown> {
  const input = values.full();
  for (const param of tool.params) {
    if (
      !Object.hasOwn(input, param.name) ||
      param.wire.in === "auth" ||
      param.wire.in === "server" ||
      param.wire.in === "switch"
    )
      continue;
    if (param.type === "json") {
      const made = madeJson(tool, doc, values, param);
      if (made !== undefined) input[param.name] = made;
    } else if (
      param.type === "string" &&
      param.enum === undefined &&
      param.format === undefined &&
      param.pattern === undefined
    ) {
      const text = param.maxLength !== undefined ? PROBE_TEXT.slice(0, param.maxLength) : PROBE_TEXT;
      if ((param.minLength ?? 0) <= text.length && values.accepts(param, text)) input[param.name] = text;
    }
  }
  return values.satisfy(input, []) ?? values.full();
}
