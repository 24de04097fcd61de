// A whole API's tools (hundreds) in parts an agent can take: the tools under a
// path prefix, and the groups a list falls into, each named by the prefix that
// selects it. A group is a path up to its second fixed segment
// (`/repos/{owner}/{repo}/issues` holds `/repos/{owner}/{repo}/issues/{n}/comments`):
// the first alone is too coarse in most APIs (`/repos` holds half of some).
import type { ToolSpec } from "../spec/tool-types.js";

/** Whether `path` is `prefix` or under it, by whole segments (a trailing slash aside); `/` holds every path. */
export function underPathPrefix(path: string, prefix: string): boolean {
  const base = prefix.replace(/\/+$/, "");
  return base === "" || path === base || path.startsWith(`${base}/`);
}

/** The group of a path: up to and with its second fixed (not `{templated}`) segment. */
export function pathGroup(path: string): string {
  const segments = path.split("/").filter((s) => s !== "");
  let fixed = 0;
  const kept: string[] = [];
  for (const segment of segments) {
    kept.push(segment);
    if (!/^\{.*\}$/.test(segment) && ++fixed === 2) break;
  }
  return `/${kept.join("/")}`;
}

export interface ToolGroup {
  /** The path prefix that selects the group's tools. */
  pathPrefix: string;
  tools: number;
  /** Of which change nothing upstream. */
  readOnly: number;
}

/** The groups of `tools`, by path prefix, in the prefixes' order; `readOnly` says which tools change nothing. */
export function toolGroups<T extends Pick<ToolSpec, "path">>(
  tools: readonly T[],
  readOnly: (tool: T) => boolean,
): ToolGroup[] {
  const groups = new Map<string, ToolGroup>();
  for (const tool of tools) {
    const pathPrefix = pathGroup(tool.path);
    const group = groups.get(pathPrefix) ?? { pathPrefix, tools: 0, readOnly: 0 };
    group.tools++;
    if (readOnly(tool)) group.readOnly++;
    groups.set(pathPrefix, group);
  }
  return [...groups.values()].sort((a, b) => (a.pathPrefix < b.pathPrefix ? -1 : a.pathPrefix > b.pathPrefix ? 1 : 0));
}
