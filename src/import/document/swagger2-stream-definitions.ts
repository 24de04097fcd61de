// A server stream as grpc-gateway v1's generator (protoc-gen-swagger) declares it: the schema of each line, an object
// of `result` and `error` titled "Stream result of <Message>", kept under the document's top-level
// `x-stream-definitions` (beside `definitions`, often under the streamed message's own name) and named by the
// streaming answer's `$ref: "#/x-stream-definitions/<Message>"`. No reader follows such a reference, so add refused the
// operation (its `$ref` named nothing). Before the conversion (convert.ts), each such schema is made a definition of a
// name no definition takes (`<Message>StreamResult`) and each reference to it pointed there, so that the answer is
// read as the same mark as grpc-gateway v2's inline form (import/cut/stream-results.ts): a stream of `{result, error}`
// lines.
import { sanitise } from "./swagger2.js";

type Json = Record<string, unknown>;

const STREAM_DEFINITIONS = "x-stream-definitions";
const STREAM_REF = /^#\/x-stream-definitions\/([^/]+)(.*)$/;

const object = (v: unknown): Json | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined;

/** A key set on a copy as an own property (an own `__proto__` too). */
function setOwn(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The Swagger 2.0 document with its `x-stream-definitions` moved into `definitions` and the references to them
 * pointed there; the document itself when it has none. Values that change are copied, the rest shared.
 */
export function withStreamDefinitions(doc: Json): Json {
  const streams = object(doc[STREAM_DEFINITIONS]);
  if (!streams || !Object.keys(streams).length) return doc;
  const definitions: Json = { ...(object(doc.definitions) ?? {}) };
  const taken = new Set(Object.keys(definitions).map(sanitise));
  const names = new Map<string, string>();
  for (const [name, schema] of Object.entries(streams)) {
    const base = `${name}StreamResult`;
    let chosen = base;
    for (let n = 2; taken.has(sanitise(chosen)); n++) chosen = `${base}${n}`;
    taken.add(sanitise(chosen));
    names.set(name, chosen);
    setOwn(definitions, chosen, schema);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(doc))
    if (key !== STREAM_DEFINITIONS && key !== "definitions") setOwn(out, key, pointed(value, names));
  out.definitions = pointed(definitions, names);
  return out;
}

/** A `$ref` to a stream definition pointed at the definition it became; any other as written. */
function pointedRef(ref: string, names: ReadonlyMap<string, string>): string {
  const m = STREAM_REF.exec(ref);
  if (!m) return ref;
  const [, segment = "", rest = ""] = m;
  const name = names.get(segment.replace(/~1/g, "/").replace(/~0/g, "~"));
  return name === undefined ? ref : `#/definitions/${name.replace(/~/g, "~0").replace(/\//g, "~1")}${rest}`;
}

/** `value` with each `$ref` to a stream definition pointed at its definition: copied where one changes. */
function pointed(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => pointed(v, names));
    return items.some((v, i) => v !== value[i]) ? items : value;
  }
  const obj = object(value);
  if (!obj) return value;
  let out: Json | undefined;
  for (const [key, v] of Object.entries(obj)) {
    const changed = key === "$ref" && typeof v === "string" ? pointedRef(v, names) : pointed(v, names);
    if (changed === v) continue;
    out ??= Object.defineProperties({}, Object.getOwnPropertyDescriptors(obj)) as Json;
    setOwn(out, key, changed);
  }
  return out ?? obj;
}
