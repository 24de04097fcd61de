// The packages `blockwright publish` may publish: the npm workspaces of the
// project (this repository: the runtime and generated/*; a project made by
// `init`: generated/*), read from package.json files alone, so that a
// project needs no `npm install` to publish, in the order their
// dependencies on one another ask for (the runtime before its providers).
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { INPUT_LIMITS, readSourceText } from "../load/input-file.js";

export interface WorkspacePackage {
  name: string;
  version: string;
  /** Its folder, relative to the project, with `/` (what npm publish is given). */
  dir: string;
  /** `"private": true`: npm never publishes it. */
  private: boolean;
  /** The names it depends on at run time (dependencies, optional and peer dependencies). */
  dependsOn: string[];
  /**
   * What an install of it must resolve, name → range: its dependencies and the peer dependencies it does not mark
   * optional.
   */
  requires: Record<string, string>;
  /** Its `repository` address (the string, or the object's `url`), when it names one. */
  repository?: string;
  /** Its `publishConfig` (settings npm takes for its publishing: registry, tag, access…), as JSON, when it has one. */
  publishConfig?: string;
  /** It has a `publish` or `postpublish` script: npm runs one after the upload. */
  scriptAfterUpload?: boolean;
}

/** A package.json that names no publishable package, or workspaces that give none: the user's to fix. */
export class WorkspaceProblem extends Error {
  override name = "WorkspaceProblem";
}

type Json = Record<string, unknown>;

function readJson(root: string, file: string): Json {
  const shown = relative(root, file).split("\\").join("/");
  let data: unknown;
  try {
    data = JSON.parse(readSourceText(file, shown, INPUT_LIMITS.file));
  } catch (e) {
    throw new WorkspaceProblem(e instanceof SyntaxError ? `${shown}: not JSON (${e.message})` : (e as Error).message);
  }
  if (data === null || typeof data !== "object" || Array.isArray(data))
    throw new WorkspaceProblem(`${shown}: must hold a JSON object`);
  return data as Json;
}

/** The `workspaces` patterns of the project's package.json (npm's list, or Yarn's `{ packages }` form). */
function workspacePatterns(root: string): string[] {
  const file = join(root, "package.json");
  if (!existsSync(file))
    throw new WorkspaceProblem(
      "no package.json in the project folder (run blockwright init, or publish from the project's folder)",
    );
  const { workspaces } = readJson(root, file);
  const patterns = Array.isArray(workspaces)
    ? workspaces
    : workspaces !== null && typeof workspaces === "object"
      ? (workspaces as Json).packages
      : undefined;
  if (workspaces === undefined)
    throw new WorkspaceProblem('package.json: no "workspaces" (the packages to publish, e.g. ["generated/*"])');
  if (!Array.isArray(patterns) || !patterns.length || !patterns.every((p) => typeof p === "string" && p !== "")) {
    throw new WorkspaceProblem(
      `package.json: "workspaces" must be a list of folder patterns such as "generated/*", ` +
        `got ${JSON.stringify(workspaces)}`,
    );
  }
  return patterns as string[];
}

/** Every workspace package of the project at `root`, in the order of its folders. */
export async function workspacePackages(root: string): Promise<WorkspacePackage[]> {
  const patterns = workspacePatterns(root);
  const { globSync } = await import("tinyglobby");
  const dirs = globSync(
    patterns.filter((p) => !p.startsWith("!")),
    {
      cwd: root,
      onlyDirectories: true,
      expandDirectories: false,
      ignore: patterns.filter((p) => p.startsWith("!")).map((p) => p.slice(1)),
    },
  )
    .map((d) => d.replace(/\/+$/, ""))
    .filter((d) => existsSync(join(root, d, "package.json")))
    .sort();
  if (!dirs.length)
    throw new WorkspaceProblem(
      `package.json: "workspaces" ${JSON.stringify(patterns)} match no folder with a package.json (run ` +
        `blockwright generate first?)`,
    );
  return dirs.map((dir) => {
    const pkg = readJson(root, join(root, dir, "package.json"));
    const isPrivate = pkg.private === true;
    for (const field of ["name", "version"] as const) {
      if (!isPrivate && (typeof pkg[field] !== "string" || pkg[field] === ""))
        throw new WorkspaceProblem(`${dir}/package.json: no "${field}" (npm publishes a package by name and version)`);
    }
    const record = (field: string) =>
      pkg[field] !== null && typeof pkg[field] === "object" && !Array.isArray(pkg[field]) ? (pkg[field] as Json) : {};
    const names = (field: string) => Object.keys(record(field));
    const optionalPeer = (name: string) =>
      (record("peerDependenciesMeta")[name] as { optional?: unknown } | undefined)?.optional === true;
    const requires = Object.fromEntries(
      [
        ...Object.entries(record("dependencies")),
        ...Object.entries(record("peerDependencies")).filter(([name]) => !optionalPeer(name)),
      ].map(([name, range]) => [name, String(range)]),
    );
    const { repository } = pkg;
    const address =
      typeof repository === "string"
        ? repository
        : typeof (repository as Json | null)?.url === "string"
          ? ((repository as Json).url as string)
          : undefined;
    const scripts = record("scripts");
    return {
      name: String(pkg.name ?? dir),
      version: String(pkg.version ?? ""),
      dir,
      private: isPrivate,
      dependsOn: [
        ...new Set([...names("dependencies"), ...names("optionalDependencies"), ...names("peerDependencies")]),
      ],
      requires,
      ...(address ? { repository: address } : {}),
      ...(pkg.publishConfig !== undefined ? { publishConfig: JSON.stringify(pkg.publishConfig) } : {}),
      ...(scripts.publish !== undefined || scripts.postpublish !== undefined ? { scriptAfterUpload: true } : {}),
    };
  });
}

/**
 * The packages in an order where each comes after the workspace packages it
 * depends on (a dependency cycle keeps its members in folder order), so that
 * a registry never holds a package whose dependency it lacks.
 */
export function dependencyOrder(packages: WorkspacePackage[]): WorkspacePackage[] {
  const byName = new Map(packages.map((p) => [p.name, p]));
  const ordered: WorkspacePackage[] = [];
  const seen = new Set<WorkspacePackage>();
  const visit = (p: WorkspacePackage) => {
    if (seen.has(p)) return;
    seen.add(p);
    for (const name of p.dependsOn) {
      const dependency = byName.get(name);
      if (dependency) visit(dependency);
    }
    ordered.push(p);
  };
  for (const p of packages) visit(p);
  return ordered;
}
