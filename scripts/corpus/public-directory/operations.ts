// Which operations of a directory document a run takes: the hardest the
// document has by shape (one operation each, drawn by the seed among those
// that show it) and then random ones, up to the count. Operations are named
// as `add --operations` takes them, `METHOD /path`, which no duplicate or
// missing operationId can make ambiguous (a path with a comma or a space,
// which that cannot write, by its operationId). Only the document's own `#/` $refs
// are followed (the directory's documents are bundled). An operation `add`
// refuses (src/import/uncallable.ts: a required request body of a media type
// the runtime does not write, a TRACE fetch does not send, a required list of
// objects no style writes, a path parameter after the path's `#`; one whose
// security the runtime meets none of, src/import/auth/credential.ts) is never
// picked: the document would count as one add cannot read.
import { everyOperation, withDocumentSteps } from "../../../src/import/document-steps.js";
import { asOpenApi3 } from "../../../src/import/document/convert.js";
import { credentialAsDrafted } from "../../../src/import/draft-provider.js";
import { uncallableWhy } from "../../../src/import/uncallable.js";

export const HARD_SHAPES = [
  "union body",
  "multipart upload",
  "form body",
  "list with paging",
  "error with a body",
] as const;
export type HardShape = (typeof HARD_SHAPES)[number];

export interface PickedOperation {
  /** `METHOD /path`. */
  name: string;
  /** The shape it was picked for, or "random". */
  why: HardShape | "random";
}

type Json = Record<string, unknown>;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const PAGING_NAMES =
  "page pages page_?token page_?number pagenumber cursor next_?token next offset start starting_?after after before " +
  "marker continuation_?token skip skiptoken \\$skip \\$skiptoken page\\[.*\\]";
const PAGING = new RegExp(`^(${PAGING_NAMES.replaceAll(" ", "|")})$`, "i");

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Follow a `#/…` $ref within the document (a few hops at most); anything else as it is. */
function deref(document: Json, value: unknown): unknown {
  let node = value;
  for (let hops = 0; hops < 8 && isObject(node) && typeof node.$ref === "string"; hops++) {
    const ref = node.$ref;
    if (!ref.startsWith("#/")) return node;
    let at: unknown = document;
    for (const part of ref.slice(2).split("/")) {
      const key = decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~");
      at = isObject(at) ? at[key] : undefined;
    }
    node = at;
  }
  return node;
}

interface Operation {
  /** How `add --operations` is told it: `METHOD /path`, or its operationId where the path cannot be written so. */
  name: string;
  /** `METHOD /path`, as the document places it. */
  key: string;
  method: string;
  op: Json;
  parameters: Json[];
}

function operationsOf(document: Json): Operation[] {
  const out: Operation[] = [];
  const paths = isObject(document.paths) ? document.paths : {};
  const ids = new Map<string, number>();
  for (const rawItem of Object.values(paths)) {
    const item = deref(document, rawItem);
    for (const method of METHODS) {
      const id = isObject(item) && isObject(item[method]) ? (item[method] as Json).operationId : undefined;
      if (typeof id === "string") ids.set(id, (ids.get(id) ?? 0) + 1);
    }
  }
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(document, rawItem);
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      // A path with a comma or a space cannot be written in --operations: named by its operationId, where that is the
      // document's one of the name and holds no comma; else never taken.
      const id = op.operationId;
      const byId = typeof id === "string" && id.trim() === id && id !== "" && !id.includes(",") && ids.get(id) === 1;
      if (/[,\s]/.test(path) && !byId) continue;
      const own = Array.isArray(op.parameters) ? op.parameters : [];
      const parameters = [...shared, ...own].map((p) => deref(document, p)).filter(isObject);
      out.push({ name: /[,\s]/.test(path) ? (id as string) : key, key, method, op, parameters });
    }
  }
  return out;
}

/**
 * The media types of the operation's request body (OpenAPI 3), or what Swagger 2.0's body and formData parameters stand
 * for.
 */
function requestMedia(document: Json, operation: Operation): Map<string, unknown> {
  const media = new Map<string, unknown>();
  const body = deref(document, operation.op.requestBody);
  if (isObject(body) && isObject(body.content))
    for (const [type, m] of Object.entries(body.content))
      media.set(type.toLowerCase().split(";")[0]?.trim() ?? type, isObject(m) ? deref(document, m.schema) : undefined);
  const consumes = [
    ...(Array.isArray(operation.op.consumes)
      ? operation.op.consumes
      : Array.isArray(document.consumes)
        ? document.consumes
        : []),
  ].map(String);
  for (const p of operation.parameters) {
    if (p.in === "body") media.set("application/json", deref(document, p.schema));
    if (p.in === "formData")
      media.set(
        p.type === "file" || consumes.includes("multipart/form-data")
          ? "multipart/form-data"
          : "application/x-www-form-urlencoded",
        undefined,
      );
  }
  return media;
}

function shows(document: Json, operation: Operation, shape: HardShape): boolean {
  const media = requestMedia(document, operation);
  switch (shape) {
    case "union body":
      return [...media].some(
        ([type, schema]) =>
          /json/.test(type) && isObject(schema) && (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)),
      );
    case "multipart upload":
      return media.has("multipart/form-data");
    case "form body":
      return media.has("application/x-www-form-urlencoded");
    case "list with paging":
      return (
        operation.method === "get" &&
        operation.parameters.some((p) => p.in === "query" && typeof p.name === "string" && PAGING.test(p.name))
      );
    case "error with a body": {
      const responses = isObject(operation.op.responses) ? operation.op.responses : {};
      return Object.entries(responses).some(([status, raw]) => {
        if (!/^[45]|^default$/i.test(status)) return false;
        const response = deref(document, raw);
        return (
          isObject(response) &&
          ((isObject(response.content) && Object.keys(response.content).length > 0) || response.schema !== undefined)
        );
      });
    }
  }
}

/**
 * The operations `add` refuses, no call of which could succeed (src/import/uncallable.ts), asked of the document as add
 * reads it (Swagger 2.0 converted); none when the document cannot be read as OpenAPI (add then says why).
 */
function refusedByAdd(document: Json): Set<string> {
  let openapi: Json;
  try {
    openapi = asOpenApi3(structuredClone(document), "the document").document;
  } catch {
    return new Set();
  }
  const refused = new Set<string>();
  const operations: { id: string; op: Json; path: string; method: string }[] = [];
  const paths = isObject(openapi.paths) ? openapi.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(openapi, rawItem);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const id = `${method.toUpperCase()} ${path}`;
      if (uncallableWhy(openapi, { path, method, op }) !== undefined) refused.add(id);
      else operations.push({ id, op, path, method });
    }
  }
  // Add refuses a named operation whose security requirements the runtime meets none of (an `http mutual` scheme
  // alone): asked of the credential add would draft for all of them, as add asks of the ones it takes.
  for (const id of unmetSecurity(openapi, operations)) refused.add(id);
  return refused;
}

function unmetSecurity(openapi: Json, operations: { id: string; op: Json; path: string; method: string }[]): string[] {
  try {
    // The document steps add runs (a required `Authorization: Negotiate <x>` parameter is a scheme no call sends).
    const { document } = withDocumentSteps(openapi, everyOperation(openapi));
    const paths = document.paths as Record<string, Json>;
    const drafted = operations.map((o) => ({ ...o, op: (paths[o.path]?.[o.method] as Json | undefined) ?? o.op }));
    return drafted.length ? (credentialAsDrafted(document, drafted).unmetIds ?? []) : [];
  } catch {
    return [];
  }
}

/**
 * The operations to take from a document: one per hard shape it shows, then random ones, `count` in all (fewer when it
 * has fewer).
 */
export function pickOperations(document: unknown, count: number, random: () => number): PickedOperation[] {
  if (!isObject(document)) return [];
  const refused = refusedByAdd(document);
  const operations = operationsOf(document).filter((o) => !refused.has(o.key));
  const picked: PickedOperation[] = [];
  const taken = new Set<string>();
  for (const shape of HARD_SHAPES) {
    if (picked.length >= count) break;
    const candidates = operations.filter((o) => !taken.has(o.name) && shows(document, o, shape));
    const chosen = candidates[Math.floor(random() * candidates.length)];
    if (!chosen) continue;
    taken.add(chosen.name);
    picked.push({ name: chosen.name, why: shape });
  }
  const rest = operations.filter((o) => !taken.has(o.name));
  while (picked.length < count && rest.length) {
    const [chosen] = rest.splice(Math.floor(random() * rest.length), 1);
    if (chosen) picked.push({ name: chosen.name, why: "random" });
  }
  return picked;
}
