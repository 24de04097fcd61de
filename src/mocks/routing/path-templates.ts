// Path templates as the mocks read them: a template as a pattern of the paths it names (each placeholder one segment),
// and whether a document has a GET operation at a path (a next-page address the mock can answer, mock-paging.ts).
import { reachableFrom, type SegmentIndex, segmentIndex } from "../../common/segment-index.js";
import { documentServer } from "../../link/server/server.js";

/** A path template (`/volumes/{id}`) as a pattern of the paths it names, each placeholder one segment. */
export function pathPattern(template: string): RegExp {
  const parts = template.split(/\{[^{}]+\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[^/]+")}$`);
}

/**
 * Whether the document has a GET operation at a path, read under a server's base path: patterns made on first use;
 * `bases`: the paths of the document's servers, longest first (an address under another server's names its operation
 * after that path).
 */
export interface DocumentServes {
  (basePath: string, pathname: string): boolean;
  readonly bases: readonly string[];
}

/** An operation as a next address's check reads it: its path and method (upper case). */
export type RoutedOperation = { path: string; method: string };

/**
 * The paths of the document's GET operations as a DocumentServes: a next address is followed with a GET, so a path
 * only another method serves (a record's DELETE) is no page the mock can answer.
 */
export function documentServes(operations: Iterable<RoutedOperation>, document?: unknown): DocumentServes {
  const paths = [...new Set([...operations].flatMap((op) => (op.method.toUpperCase() === "GET" ? [op.path] : [])))];
  // Each base path's templates indexed by their segments once (common/segment-index.ts, the mocks' router's): only
  // the templates a path can reach are tried, not every GET of a large document.
  const byBase = new Map<string, { index: SegmentIndex; patterns: RegExp[] }>();
  const serves = (basePath: string, pathname: string) => {
    let known = byBase.get(basePath);
    if (!known) {
      const templates = paths.map((p) => basePath + p);
      const segments = (t: string) => t.split("/").slice(1);
      const index = segmentIndex(templates.map((t) => segments(t).map((s) => (/[{}]/.test(s) ? undefined : s))));
      byBase.set(basePath, (known = { index, patterns: templates.map(pathPattern) }));
    }
    const { index, patterns } = known;
    return reachableFrom(index, pathname.split("/").slice(1)).some((at) => patterns[at]?.test(pathname));
  };
  return Object.assign(serves, { bases: serverPaths(document) });
}

/** The paths of a document's servers (`/v1`, `/v2`; variables at their defaults), longest first; "" for none. */
function serverPaths(document: unknown): string[] {
  const servers = (document as { servers?: unknown } | null)?.servers;
  const paths = (Array.isArray(servers) ? servers : []).flatMap((server: unknown) => {
    const read = documentServer({ servers: [server] });
    return read && "path" in read ? [read.path] : [];
  });
  return [...new Set(paths)].sort((a, b) => b.length - a.length);
}
