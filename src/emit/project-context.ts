// What the generation of a project shares across its providers: the options, the project's package (scope,
// license, links, author), the generator's and the runtime's packages, and each provider's package and
// platform context from them (generate-all.ts runs the pipeline over it).
import { existsSync, readFileSync } from "node:fs";
import type { FileText } from "./file-text.js";
import { createRequire } from "node:module";
import { join, posix, relative, resolve } from "node:path";
import type { PackageContext, PackageLinks } from "./emit.js";
import { providerDirs } from "../load/provider-dirs.js";
import { readSourceText } from "../load/yaml-source.js";
import type { PlatformContext, Target } from "./platforms/targets.js";
import { asGenerationErrors } from "./generation-errors.js";
import { personOf, projectPackage, type ProjectLinks } from "./project-package.js";

export interface GenerateOptions {
  /** Project root: paths in headers and messages are relative to it. */
  root: string;
  /** Folder holding one sub-folder per provider. Default `<root>/specs`. */
  specsDir?: string;
  /** Output folder (one package per provider). Default `<root>/generated`. */
  outDir?: string;
  /** Only these providers (the index then lists only them). */
  providers?: string[];
  /**
   * npm scope of the provider packages. Default: the project's package.json `blockwright.scope`, else `@blockwright`.
   */
  scope?: string;
  /**
   * Packages taking a new version and CHANGELOG.md (`diff --write`), by provider; others keep what their folder has.
   */
  release?: Record<string, { version: string; changelog: string }>;
  /** Stops the generation between two providers (Ctrl-C, SIGTERM). */
  signal?: AbortSignal;
  /**
   * Takes each file as it is made (the index last) in place of the result's `files`, which is then empty: a write can
   * begin before the last provider is emitted, and a file made in parts is written as they come (staged-write.ts).
   */
  onFile?: (path: string, text: FileText) => void;
  /**
   * With onFile: takes each file of a provider kept as it stands (`shared`), read back just now, by its hash (the one
   * its stamp records) and its text when asked: the write need not read and hash it a second time. Without it, onFile
   * takes them too.
   */
  onKept?: (path: string, hash: string, text: () => string) => void;
  /** Called before each provider is linked: how many are done, of how many, and which comes next. */
  onProvider?: (done: number, total: number, provider: string) => void;
  /**
   * Called as each step of linking a large document begins (openapi-source.ts LARGE_DOCUMENT_BYTES): which provider,
   * which step, and whether it is `paced` (looks at the signal between its chunks) or one synchronous call.
   */
  onStep?: (provider: string, step: string, paced?: boolean) => void;
  /**
   * What to write: the npm packages (default), or a workflow platform's files for each provider (platforms/targets.ts).
   */
  target?: Target;
  /** Where the provider packages are (default `<root>/generated`): a platform's files take their versions. */
  packagesDir?: string;
  /** npm's `author` of an n8n package ("Name <email>"). Default: the project's package.json `author`. */
  author?: string;
  /**
   * The hash of the inputs every provider shares (stamp.ts inputHashes): with it, a provider whose entry in the output
   * folder's stamp still holds is read back from its files, not linked and emitted again (provider-stamp.ts), and the
   * result carries every provider's new entry.
   */
  shared?: string;
  /**
   * Whether the result's `irs` holds the linked providers' IRs (default true). The command asks for them only to dump
   * them: held to the end, 200 synthetic providers' IRs were 33 MB of small objects each old-space collection marked.
   * A platform target's index reads them whatever this says.
   */
  irs?: boolean;
}

/** What every provider's package shares: where it goes, how packages are named, the generator and runtime. */
export interface ProjectContext {
  root: string;
  specsDir: string;
  outDir: string;
  names: string[];
  packageName: (provider: string) => string;
  runtime: PackageContext["runtime"];
  generator: { name: string; version: string };
  license?: string;
  licenseText?: string;
  links?: ProjectLinks;
  target: Target;
  packagesDir: string;
  author?: string;
  externalRefFolders: string[];
  release: NonNullable<GenerateOptions["release"]>;
  signal?: AbortSignal;
  onProvider?: GenerateOptions["onProvider"];
  onStep?: GenerateOptions["onStep"];
}

export function projectContext(options: GenerateOptions): ProjectContext {
  const root = resolve(options.root);
  const specsDir = resolve(options.specsDir ?? join(root, "specs"));
  const project = projectPackage(root);
  const licensePath = join(root, "LICENSE");
  const licenseText = existsSync(licensePath)
    ? asGenerationErrors(() => readSourceText(licensePath, "LICENSE"))
    : undefined;
  const scope = options.scope ?? project.scope ?? "@blockwright";
  const target = options.target ?? "packages";
  const author = options.author ?? project.author;
  if (target === "n8n" && !(author && personOf(author).email))
    throw project.problem(
      ["author"],
      "author: an n8n community package names its author with an email (n8n's node linter wants both): " +
        'add package.json "author", e.g. "Ada Lovelace <ada@example.com>"',
    );
  if (target === "n8n" && !project.license)
    throw project.problem(
      ["license"],
      "license: an n8n community package states its license (n8n's node linter refuses a package.json without " +
        'one): add package.json "license", e.g. "MIT"',
    );
  return {
    root,
    specsDir,
    outDir: resolve(options.outDir ?? join(root, target === "packages" ? "generated" : `generated-${target}`)),
    target,
    packagesDir: resolve(options.packagesDir ?? join(root, "generated")),
    ...(author ? { author } : {}),
    names: providerDirs(specsDir).filter((p) => !options.providers || options.providers.includes(p)),
    packageName: (provider) => `${scope}/${provider}`,
    runtime: runtimePackage(),
    generator: generatorPackage(),
    release: options.release ?? {},
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProvider ? { onProvider: options.onProvider } : {}),
    ...(options.onStep ? { onStep: options.onStep } : {}),
    externalRefFolders: project.externalRefFolders,
    ...(project.license ? { license: project.license } : {}),
    ...(licenseText !== undefined ? { licenseText } : {}),
    ...(project.links ? { links: project.links } : {}),
  };
}

/**
 * The release `blockwright diff --write` gives the provider, if any (an own entry: a provider may be named like an
 * Object property).
 */
export function releaseOf(
  project: ProjectContext,
  provider: string,
): { version: string; changelog: string } | undefined {
  return Object.hasOwn(project.release, provider) ? project.release[provider] : undefined;
}

export function packageOf(project: ProjectContext, provider: string): PackageContext {
  return {
    name: project.packageName(provider),
    version: releaseOf(project, provider)?.version ?? keptVersion(join(project.packagesDir, provider, "package.json")),
    runtime: project.runtime,
    ...(project.license ? { license: project.license } : {}),
    ...(project.links ? { links: packageLinks(project, provider, project.links) } : {}),
  };
}

/** What a platform's files of the provider take from the project: its package, author, license and links. */
export function platformContext(project: ProjectContext, provider: string): PlatformContext {
  const pkg = packageOf(project, provider);
  const links = project.links;
  return {
    scope: pkg.name.slice(0, pkg.name.indexOf("/")),
    providerPackage: pkg,
    ...(project.author ? { author: project.author } : {}),
    ...(project.license ? { license: project.license } : {}),
    ...(project.licenseText !== undefined ? { licenseText: project.licenseText } : {}),
    ...(links?.homepage ? { homepage: links.homepage } : {}),
    ...(links?.repository ? { repository: links.repository } : {}),
  };
}

/**
 * The project's links for one package: its repository gains the package's
 * folder (its directory field, from the repository's root), unless the output folder
 * lies outside the project, where no folder of the repository holds it.
 */
function packageLinks(
  project: ProjectContext,
  provider: string,
  { homepage, repository, bugs }: ProjectLinks,
): PackageLinks {
  const folder = rel(project.root, join(project.outDir, provider));
  const inProject = folder !== ".." && !folder.startsWith("../") && !/^([a-zA-Z]:)?\//.test(folder);
  const directory = repository && inProject ? posix.join(repository.directory ?? "", folder) : undefined;
  return {
    ...(homepage ? { homepage } : {}),
    ...(repository
      ? { repository: { type: repository.type, url: repository.url, ...(directory ? { directory } : {}) } }
      : {}),
    ...(bugs ? { bugs } : {}),
  };
}

/** The version already in a generated package.json (kept across generations; `diff --write` bumps it), else 0.1.0. */
function keptVersion(path: string): string {
  if (!existsSync(path)) return "0.1.0";
  try {
    const version = (JSON.parse(readFileSync(path, "utf8")) as { version?: unknown }).version;
    return typeof version === "string" && /^\d+\.\d+\.\d+/.test(version) ? version : "0.1.0";
  } catch {
    return "0.1.0";
  }
}

/**
 * The CHANGELOG.md a package's folder has (written by `diff --write`), if any; one that cannot be read is a problem
 * named at its path.
 */
export function keptChangelog(root: string, outDir: string, provider: string): string | undefined {
  const file = join(outDir, provider, "CHANGELOG.md");
  return existsSync(file) ? asGenerationErrors(() => readSourceText(file, rel(root, file))) : undefined;
}

/** This generator's name and version (recorded in every surface). */
export function generatorPackage(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
}

/**
 * The runtime this generator's output runs on, the range a provider package depends on, and its engines (a package runs
 * where its runtime does).
 */
function runtimePackage(): PackageContext["runtime"] {
  const require = createRequire(import.meta.url);
  const pkg = require("@blockwright/runtime/package.json") as {
    name: string;
    version: string;
    peerDependencies?: Record<string, string>;
    engines?: Record<string, string>;
  };
  return {
    name: pkg.name,
    range: `^${pkg.version}`,
    ...(pkg.peerDependencies ? { peers: pkg.peerDependencies } : {}),
    ...(pkg.engines ? { engines: pkg.engines } : {}),
  };
}

export function rel(root: string, path: string): string {
  return relative(root, path).split("\\").join("/");
}
