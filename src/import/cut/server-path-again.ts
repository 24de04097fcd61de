// A path that writes its server's path again (`https://api.example.com/api/v1` and `/api/v1/specs`): OpenAPI appends
// the path to the server's, so the call went to `/api/v1/api/v1/specs`, which the documents of this shape do not mean
// (their own examples call `https://api.example.com/api/v1/specs`; a converted Swagger 2 document's `basePath` written
// into its paths as well). A chosen operation's path that begins with the whole path of the server it is served at
// (the document's first, the operation having none of its own; one without variables) is drafted without it, a path
// of the same name left as it is, said in the cut's header and in a review note. A run of the document steps
// (document-steps.ts), so that `upstream --accept`'s re-cut does the same.
import { documentServer } from "../../link/server/server.js";
import type { SelectedOperation } from "./select-operations.js";

type Json = Record<string, unknown>;

const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** The server's path a path begins with (`/api/v1` of `/api/v1/specs`), when the path writes it again. */
function writtenAgain(serverPath: string, path: string): boolean {
  return serverPath !== "" && (path === serverPath || path.startsWith(`${serverPath}/`));
}

/** Whether the operation, or its path item, names servers of its own. */
function ownServers(item: Json, method: string): boolean {
  return Array.isArray(object(item[method]).servers) || Array.isArray(item.servers);
}

/**
 * The document with each chosen operation's path that writes its server's path again drafted without it (its path
 * item moved to the shorter key, a shallow copy of `paths`), the chosen operations with their new paths, the note
 * and what changed, for the cut's header.
 */
export function withServerPathOnce(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document?: Json; chosen?: SelectedOperation[]; notes: string[]; added: string[] } {
  const server = documentServer(doc);
  if (!server || "problem" in server || /[{}]/.test(server.url)) return { notes: [], added: [] };
  const serverPath = server.path;
  const paths = object(doc.paths);
  const moved = new Map<string, string>();
  for (const { path, method } of chosen) {
    if (moved.has(path) || !writtenAgain(serverPath, path) || ownServers(object(paths[path]), method)) continue;
    const shorter = path.slice(serverPath.length) || "/";
    // A path of the shorter name (or one another path is moved to) is another operation: both left as written.
    if (Object.hasOwn(paths, shorter) || [...moved.values()].includes(shorter)) continue;
    moved.set(path, shorter);
  }
  if (!moved.size) return { notes: [], added: [] };
  const copied = Object.fromEntries(Object.entries(paths).map(([key, item]) => [moved.get(key) ?? key, item]));
  const shown = [...moved].map(([from, to]) => `${from} as ${to}`);
  return {
    document: { ...doc, paths: copied },
    chosen: chosen.map((c) => (moved.has(c.path) ? { ...c, path: moved.get(c.path) ?? c.path } : c)),
    notes: [
      `openapi.yaml writes ${shown.join(", ")}: each path began with its server's path (${serverPath}, of ` +
        `${server.url}), which OpenAPI appends the path to, so that its calls went to ${serverPath}${serverPath}/…; ` +
        "check the API's own examples",
    ],
    added: shown.map((s) => `path ${s} (it wrote the server's path ${serverPath} again)`),
  };
}
