// Which packages `blockwright publish` hands to one npm process together
// (`npm publish --workspace <dir>…`, npm.ts): an npm process costs about
// 0.35 s of CPU to start, and a project of five providers paid it five times.
// npm publishes the workspaces it is given in that order, all under one
// --tag, and stops at the first refusal; so a batch is a run of consecutive
// packages (in dependency order) that npm publishes alike: the same dist-tag,
// scope (which registry npm picks) and publishConfig, none with a script npm
// runs after the upload (its failure would read as the next package's), none
// named `error` (npm's --json answer names its failure so).
import type { WorkspacePackage } from "./workspaces.js";

const scopeOf = (name: string) => (name.startsWith("@") ? name.slice(0, name.indexOf("/")) : "");

/** What must be the same for packages to share an npm: undefined when a package goes alone. */
function batchKey(p: WorkspacePackage, tag: string | undefined): string | undefined {
  if (p.scriptAfterUpload || p.name === "error") return undefined;
  return JSON.stringify([tag ?? null, scopeOf(p.name), p.publishConfig ?? null]);
}

/**
 * The packages at the head of `queue` that one npm publishes together: the first, and those right after it that go
 * alike (`tagOf`) and that `mayGo` lets go (none of their dependencies failed). A single package when no other joins.
 */
export function nextBatch(
  queue: readonly WorkspacePackage[],
  tagOf: (p: WorkspacePackage) => string | undefined,
  mayGo: (p: WorkspacePackage) => boolean,
): WorkspacePackage[] {
  const [first] = queue;
  if (!first) return [];
  const key = batchKey(first, tagOf(first));
  if (key === undefined) return [first];
  let end = 1;
  while (end < queue.length) {
    const next = queue[end] as WorkspacePackage;
    if (batchKey(next, tagOf(next)) !== key || !mayGo(next)) break;
    end++;
  }
  return queue.slice(0, end);
}

/**
 * Whether npm's `--workspace ./<dir>` filters select exactly these folders: npm reads a filter as a glob of the
 * folders right under it too, so no folder may hold another workspace package or have a glob's characters in its path.
 */
export function distinctWorkspaces(all: readonly WorkspacePackage[]): boolean {
  return all.every(
    (p) => !/[*?[\]{}()!]/.test(p.dir) && !all.some((other) => other !== p && other.dir.startsWith(`${p.dir}/`)),
  );
}
