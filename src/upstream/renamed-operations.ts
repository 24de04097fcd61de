// `upstream --accept`: an operation the newer document names otherwise (`visitLinkedInProfile` → `visitProfile`, the
// same method and path; an SDK generator's names tidied between versions). The re-cut keeps operations by method and
// path, and the comparison matches them so, but the manifest names each by its operationId: it kept the old one, and
// generate refused every renamed operation (BW2002) though nothing a caller sends or reads had changed. The manifest's
// `operationId` follows the newer document's, a line printed for each; the tool's own name, which callers and
// workflows use, stays. So does a path parameter the newer template names otherwise at the same place
// (`/warehouses/{id}` → `/warehouses/{warehouse_id}`): its wire name follows, the parameter keeps its own; and a query,
// header or cookie parameter or a body field the newer operation no longer has, where it has one new beside it of the
// same words in another case (`categoryId` → `category_id`, an API moving to snake case). An operation gone whose
// operationId the newer document gives another method and path the older cut had is pinned to the method and path it
// called; one it moved to a method and path new there keeps its name (moved-operations.ts), its path parameters
// followed by their places.
import type { Document } from "yaml";
import type { OpenApiDocument } from "../load/openapi-document.js";
import type { OpenApiOperation, Schema } from "../load/openapi-types.js";
import { unionOf } from "../load/schema-types.js";
import { nameWords } from "../load/schemas/name-words.js";
import { expressionNames } from "../load/operation-index.js";
import { operationKey } from "./facts.js";
import { movedTo } from "../changes/operation-moves.js";
import { addressPaths } from "../changes/version-path.js";

type Json = Record<string, unknown>;
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** Every name the newer document gives otherwise (see the top of this file), followed in `yaml`, a line each. */
export function followRenames(
  yaml: Document,
  manifest: Json,
  older: OpenApiDocument,
  newer: OpenApiDocument,
): { renamed: Map<string, string>; lines: string[] } {
  const lines: string[] = [];
  const renamed = followRenamedOperations(yaml, manifest, older, newer, lines);
  followRenamedPathParams(yaml, manifest, older, newer, renamed, lines);
  followRecasedFields(yaml, manifest, older, newer, renamed, lines);
  return { renamed, lines };
}

/**
 * Each manifest operation whose operationId the older cut has and the newer does not, where the newer has an operation
 * at the same method and path: its `operationId` set to the newer's name for it (`METHOD /path` where it has none, as
 * OpenApiOperation names it). Returns the names followed, newer to older, for the steps comparing the cuts by name.
 */
export function followRenamedOperations(
  yaml: Document,
  manifest: Json,
  older: OpenApiDocument,
  newer: OpenApiDocument,
  lines: string[],
): Map<string, string> {
  const renamed = new Map<string, string>();
  const newerAt = new Map<string, string>();
  for (const op of newer.operations.values()) newerAt.set(operationKey(op.method, "", op.path), op.operationId);
  const olderAt = new Set([...older.operations.values()].map((op) => operationKey(op.method, "", op.path)));
  for (const [id, raw] of Object.entries(object(manifest.operations))) {
    const operationId = object(raw).operationId;
    if (typeof operationId !== "string") continue;
    const was = older.operations.get(operationId);
    const moved = newer.operations.get(operationId);
    const at = was && operationKey(was.method, "", was.path);
    if (moved && (!at || operationKey(moved.method, "", moved.path) === at)) continue;
    const now = at && newerAt.get(at);
    // Its name given to an operation the older document had under another name; moved to a path new there, it is
    // the same operation moved (followed by its name, as before).
    if (was && moved && now === undefined && olderAt.has(operationKey(moved.method, "", moved.path))) {
      pinGone(yaml, id, operationId, was, moved, lines);
      continue;
    }
    // Gone from its method and path, its name with it: moved under a prefix, named anew (changes/operation-moves.ts).
    if (was && !moved && now === undefined) {
      followMoved(yaml, id, was, older, newer, renamed, lines);
      continue;
    }
    if (!was || now === undefined || now === operationId) continue;
    yaml.setIn(["operations", id, "operationId"], now);
    renamed.set(now, operationId);
    lines.push(
      `operations.${id}.operationId: ${now} (the newer document's name for ${was.method.toUpperCase()} ${was.path}, ` +
        `${operationId} before; the tool keeps its name)`,
    );
  }
  return renamed;
}

/** A manifest operation whose operation moved and took another name: its `operationId` the newer one's. */
function followMoved(
  yaml: Document,
  id: string,
  was: OpenApiOperation,
  older: OpenApiDocument,
  newer: OpenApiDocument,
  renamed: Map<string, string>,
  lines: string[],
): void {
  const places = (doc: OpenApiDocument) => {
    const addresses = addressPaths(doc.source.data);
    return [...doc.operations.values()].map((op) => {
      const address = addresses.get(operationKey(op.method, "", op.path));
      return {
        method: op.method,
        path: op.path,
        ...(op.named ? { operationId: op.operationId } : {}),
        ...(address ? { address } : {}),
      };
    });
  };
  const to = movedTo(
    places(older).find((o) => o.path === was.path && o.method === was.method) ?? was,
    places(older),
    places(newer),
  );
  if (to?.operationId === undefined || to.operationId === was.operationId) return;
  yaml.setIn(["operations", id, "operationId"], to.operationId);
  renamed.set(to.operationId, was.operationId);
  lines.push(
    `operations.${id}.operationId: ${to.operationId} (the newer document's name for ${was.method.toUpperCase()} ` +
      `${was.path}, moved to ${to.method.toUpperCase()} ${to.path}; ${was.operationId} before; the tool keeps its ` +
      "name)",
  );
}

/**
 * A manifest operation whose operation is gone from the newer document, whose operationId that document gives an
 * operation the older one had under another name (Squadcast's `/v3` read removed, its name given to the `/v4` one,
 * `…V4` before): pinned to the method and path it called, so that generate names it gone, where it linked the tool to
 * another endpoint without a word.
 */
function pinGone(
  yaml: Document,
  id: string,
  operationId: string,
  was: OpenApiOperation,
  moved: OpenApiOperation,
  lines: string[],
): void {
  const called = `${was.method.toUpperCase()} ${was.path}`;
  yaml.setIn(["operations", id, "operationId"], called);
  lines.push(
    `operations.${id}.operationId: ${called} (the operation it called, gone from the newer document, which names ` +
      `${moved.method.toUpperCase()} ${moved.path} ${operationId}: delete the tool or point it at another operation)`,
  );
}

/**
 * Each path parameter of the manifest's operations whose name the newer document's template writes otherwise at the
 * same place (its operation matched by method and path, `renamed` giving the older name of one renamed, or moved to a
 * path the older cut did not have, under its operationId): its wire name set to the newer one.
 */
export function followRenamedPathParams(
  yaml: Document,
  manifest: Json,
  older: OpenApiDocument,
  newer: OpenApiDocument,
  renamed: ReadonlyMap<string, string>,
  lines: string[],
): void {
  const olderAt = new Set([...older.operations.values()].map((op) => operationKey(op.method, "", op.path)));
  for (const { id, raw, was, now } of matchedOperations(manifest, older, newer, renamed)) {
    // At another method and path: followed only where it moved there (moved-operations.ts), each `{}` by its place.
    const nowAt = operationKey(now.method, "", now.path);
    if (nowAt !== operationKey(was.method, "", was.path) && olderAt.has(nowAt)) continue;
    const [before, after] = [expressionNames(was.path), expressionNames(now.path)];
    for (const [key, p] of Object.entries(object(object(raw).params))) {
      const wire = object(object(p).wire);
      if (wire.in !== "path") continue;
      const name = typeof wire.name === "string" ? wire.name : key;
      const at = before.indexOf(name);
      const to = at < 0 ? undefined : after[at];
      if (to === undefined || to === name || before.length !== after.length) continue;
      yaml.setIn(["operations", id, "params", key, "wire", "name"], to);
      lines.push(
        `operations.${id}.params.${key}.wire.name: ${to} (the newer document's name for {${name}} of ` +
          `${now.method.toUpperCase()} ${now.path}; the parameter keeps its name)`,
      );
    }
  }
}

/**
 * Each query, header or cookie parameter and body field of the manifest's operations that the newer operation no longer
 * has, where the newer one has exactly one at the same place, new there, of the same words (`isActive`, `is_active`):
 * its wire name (a body field's pointer's last step) set to the newer one.
 */
export function followRecasedFields(
  yaml: Document,
  manifest: Json,
  older: OpenApiDocument,
  newer: OpenApiDocument,
  renamed: ReadonlyMap<string, string>,
  lines: string[],
): void {
  for (const { id, raw, was, now } of matchedOperations(manifest, older, newer, renamed)) {
    for (const [key, p] of Object.entries(object(object(raw).params))) {
      const wire = object(object(p).wire);
      const at = ["operations", id, "params", key, "wire"];
      if (wire.in === "query" || wire.in === "header" || wire.in === "cookie") {
        const place = wire.in;
        const name = typeof wire.name === "string" ? wire.name : key;
        const names = (op: OpenApiOperation) => op.parameters.filter((q) => q.in === place).map((q) => q.name);
        const to = recased(name, names(was), names(now));
        if (to === undefined) continue;
        yaml.setIn([...at, "name"], to);
        lines.push(`${at.slice(0, 4).join(".")}.wire.name: ${to} (${recasedWords(name, now)})`);
      } else if (wire.in === "body" && (wire.pointer === undefined || String(wire.pointer).startsWith("/"))) {
        // No pointer: the field of the parameter's own name at the body's top.
        const written = typeof wire.pointer === "string" ? wire.pointer : `/${key}`;
        const steps = written.slice(1).split("/");
        const fields = (doc: OpenApiDocument, op: OpenApiOperation) => fieldsAt(doc, op, steps.slice(0, -1));
        const to = recased(steps.at(-1) ?? "", fields(older, was), fields(newer, now));
        if (to === undefined) continue;
        const pointer = `/${[...steps.slice(0, -1), to].join("/")}`;
        yaml.setIn([...at, "pointer"], pointer);
        lines.push(`${at.slice(0, 4).join(".")}.wire.pointer: ${pointer} (${recasedWords(written, now)})`);
      }
    }
  }
}

/** The one name of `after` not in `before`, of `name`'s words, where `name` was in `before` and is not in `after`. */
function recased(name: string, before: readonly string[], after: readonly string[]): string | undefined {
  if (!before.includes(name) || after.includes(name)) return undefined;
  const words = nameWords(name).join(" ");
  const alike = after.filter((n) => !before.includes(n) && nameWords(n).join(" ") === words);
  return alike.length === 1 ? alike[0] : undefined;
}

function recasedWords(name: string, op: OpenApiOperation): string {
  return `the newer document writes ${name} of ${op.method.toUpperCase()} ${op.path} in another case`;
}

/** The fields of the object at `parent` of an operation's request body (of each variant of a union there). */
function fieldsAt(doc: OpenApiDocument, op: OpenApiOperation, parent: readonly string[]): string[] {
  const body = op.requestBody?.schema;
  const at = body === undefined ? undefined : doc.schemaAt(body, parent);
  if (!at) return [];
  // A `$ref`'d body (`{$ref: CreateProductRequest}`) and an allOf's members read as the one object they stand for.
  const holder = doc.flatten(at);
  const names = new Set(Object.keys(object(holder.properties)));
  for (const variant of unionOf(holder) ?? [])
    for (const name of Object.keys(object(doc.flatten(variant as Schema).properties))) names.add(name);
  return [...names];
}

/**
 * Each manifest operation with the older document's operation it names and the newer's (under its newer name where
 * `renamed`, newer to older, says it has one).
 */
function* matchedOperations(
  manifest: Json,
  older: OpenApiDocument,
  newer: OpenApiDocument,
  renamed: ReadonlyMap<string, string>,
): Generator<{ id: string; raw: unknown; was: OpenApiOperation; now: OpenApiOperation }> {
  const newName = new Map([...renamed].map(([now, was]) => [was, now]));
  for (const [id, raw] of Object.entries(object(manifest.operations))) {
    const written = object(raw).operationId;
    if (typeof written !== "string") continue;
    const now = newer.operations.get(newName.get(written) ?? written);
    const was = older.operations.get(written);
    if (now && was) yield { id, raw, was, now };
  }
}
