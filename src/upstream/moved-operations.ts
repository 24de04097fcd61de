// `upstream --accept`: the operations the re-cut keeps, found in the newer document by the method and path the tools
// call, or, for one no longer there, by its operationId where the newer document serves that operation at a method and
// path the older cut did not have (an API moving its operations one by one, `/v1/keys/{serial}` → `/v2/…`): the
// manifest names each operation by its operationId, so it follows without an edit, and the re-cut must carry it too,
// or generate refused a tool whose operation the newer document still has. Its name given to an operation the older
// cut had is no move (renamed-operations.ts pins such a tool to what it called), nor is a name several operations
// share.
import type { OperationAt } from "../import/cut/cut.js";
import { OPERATION_METHODS } from "../load/openapi-document.js";
import { operationKey } from "./facts.js";
import { movedTo } from "../changes/operation-moves.js";
import { addressPaths } from "../changes/version-path.js";

type Json = Record<string, unknown>;
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

export interface CalledOperation {
  method: string;
  path: string;
  /** The operationId the manifest names it by. */
  operationId?: string;
}

export interface ChosenOperations {
  chosen: OperationAt[];
  /** Called operations the newer document no longer has (`METHOD /path`). */
  missing: string[];
  /** Called operations it serves elsewhere, followed: `GET /v1/a → GET /v2/a (operationId)`. */
  moved: string[];
}

/** Each operation of a document's `paths`, by method and path key, and all of them with their names. */
function operationsOf(doc: Json): {
  byKey: Map<string, OperationAt>;
  all: (OperationAt & { operationId?: string; address?: string })[];
} {
  const byKey = new Map<string, OperationAt>();
  const all: (OperationAt & { operationId?: string; address?: string })[] = [];
  const addresses = addressPaths(doc);
  for (const [path, item] of Object.entries(object(doc.paths)))
    for (const method of OPERATION_METHODS) {
      const op = object(item)[method];
      if (!op) continue;
      byKey.set(operationKey(method, "", path), { path, method });
      const id = object(op).operationId;
      const address = addresses.get(operationKey(method, "", path));
      all.push({
        path,
        method,
        ...(typeof id === "string" && id !== "" ? { operationId: id } : {}),
        ...(address ? { address } : {}),
      });
    }
  return { byKey, all };
}

/** The newer document's operations for those the tools call (see the top of this file). */
export function chooseOperations(
  newer: Json,
  olderCut: Json,
  operations: readonly CalledOperation[],
): ChosenOperations {
  const { byKey, all } = operationsOf(newer);
  const older = operationsOf(olderCut).all;
  const out: ChosenOperations = { chosen: [], missing: [], moved: [] };
  const choose = (found: OperationAt) => {
    if (!out.chosen.some((c) => c.path === found.path && c.method === found.method)) out.chosen.push(found);
  };
  for (const op of operations) {
    const found = byKey.get(operationKey(op.method, "", op.path));
    if (found) {
      choose(found);
      continue;
    }
    const called = `${op.method.toUpperCase()} ${op.path}`;
    const was = older.find((o) => operationKey(o.method, "", o.path) === operationKey(op.method, "", op.path));
    const moved = movedTo({ ...op, ...(was?.address ? { address: was.address } : {}) }, older, all);
    if (!moved) {
      out.missing.push(called);
      continue;
    }
    choose({ path: moved.path, method: moved.method });
    const named = moved.operationId === op.operationId ? "" : `, named ${moved.operationId}`;
    out.moved.push(`${called} → ${moved.method.toUpperCase()} ${moved.path} (${op.operationId}${named})`);
  }
  return out;
}
