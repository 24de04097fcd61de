// `upstream --accept`: an operation the newer document names otherwise (`visitLinkedInProfile` → `visitProfile`, the
// same method and path; an SDK generator's names tidied between versions). The re-cut keeps operations by method and
// path, and the comparison matches them so, but the manifest names each by its operationId: it kept the old one, and
// generate refused every renamed operation (BW2002) though nothing a caller sends or reads had changed. The manifest's
// `operationId` follows the newer document's, a line printed for each; the tool's own name, which callers and
// workflows use, stays. So does a path parameter the newer template names otherwise at the same place
// (`/warehouses/{id}` → `/warehouses/{warehouse_id}`): its wire name follows, the parameter keeps its own.
import type { Document } from "yaml";
import type { OpenApiDocument } from "../load/openapi-document.js";
import { expressionNames } from "../load/operation-index.js";
import { operationKey } from "./facts.js";

type Json = Record<string, unknown>;
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

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
  for (const [id, raw] of Object.entries(object(manifest.operations))) {
    const operationId = object(raw).operationId;
    if (typeof operationId !== "string" || newer.operations.get(operationId)) continue;
    const was = older.operations.get(operationId);
    const now = was && newerAt.get(operationKey(was.method, "", was.path));
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

/**
 * Each path parameter of the manifest's operations whose name the newer document's template writes otherwise at the
 * same place (its operation matched by method and path, `renamed` giving the older name of one renamed): its wire
 * name set to the newer one.
 */
export function followRenamedPathParams(
  yaml: Document,
  manifest: Json,
  older: OpenApiDocument,
  newer: OpenApiDocument,
  renamed: ReadonlyMap<string, string>,
  lines: string[],
): void {
  const newName = new Map([...renamed].map(([now, was]) => [was, now]));
  for (const [id, raw] of Object.entries(object(manifest.operations))) {
    const written = object(raw).operationId;
    if (typeof written !== "string") continue;
    const now = newer.operations.get(newName.get(written) ?? written);
    const was = older.operations.get(written);
    if (!now || !was || operationKey(now.method, "", now.path) !== operationKey(was.method, "", was.path)) continue;
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
