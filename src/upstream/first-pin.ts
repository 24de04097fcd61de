// `upstream --accept` on a provider no published document is pinned for: a spec written by hand from the vendor's
// document (add pins the one it cuts from). The first pin is the document the spec was written from; nothing is
// compared, but an operation the tools call that it does not have says the document is not that one (another API,
// another version), or that the spec calls what the vendor does not publish. Read from the manifest and the spec as
// written, not linked: the pin is what turns the vendor's own broken examples into warnings, so the spec may not link
// before it.
import { join } from "node:path";
import { type Json, keyOf, object, operationsOf, serverPath } from "../changes/document-operations.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { INPUT_LIMITS, loadYamlSource } from "../load/yaml-source.js";

/** An operation a tool calls, by its method and path as our spec writes them. */
export interface CalledOperation {
  tool: string;
  method: string;
  path: string;
}

/**
 * The operations the provider's tools call (their routes' too), each named by the tool, with our spec's server path
 * (`ours`); an operationId our spec does not have is left to generate to report.
 */
export function calledOperations(
  providerDir: string,
  shown: (path: string) => string,
): {
  called: CalledOperation[];
  ours: string;
} {
  const manifestFile = join(providerDir, "manifest.yaml");
  const manifest = object(loadYamlSource(manifestFile, shown(manifestFile), INPUT_LIMITS.manifest).data);
  const specFile = join(providerDir, String(manifest.openapi ?? "openapi.yaml"));
  const spec = new OpenApiDocument(loadYamlSource(specFile, shown(specFile), INPUT_LIMITS.document));
  const called: CalledOperation[] = [];
  for (const [tool, raw] of Object.entries(object(manifest.operations))) {
    const routes = Array.isArray(object(raw).routes) ? (object(raw).routes as unknown[]) : [];
    for (const id of [object(raw).operationId, ...routes.map((r) => object(r).operationId)]) {
      const op = typeof id === "string" ? spec.operations.get(id) : undefined;
      if (op) called.push({ tool, method: op.method.toUpperCase(), path: op.path });
    }
  }
  return { called, ours: serverPath(spec.source.data as Json) };
}

/**
 * Of the `called` operations, those `document` has none of, matched as `upstream` matches them: by method and path,
 * ours under our server's path (`ours`), the document's with and without its own.
 */
export function operationsNotIn(document: Json, called: CalledOperation[], ours: string): CalledOperation[] {
  const theirs = operationsOf({ root: "published", files: new Map([["published", document]]) });
  const missing = new Map<string, CalledOperation>();
  for (const op of called) {
    const key = keyOf(op.method, `${ours.replace(/\/+$/, "")}/${op.path.replace(/^\/+/, "")}`);
    if (!theirs.has(key) && !missing.has(key)) missing.set(key, op);
  }
  return [...missing.values()];
}
