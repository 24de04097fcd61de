// `blockwright init [dir] [--scope @s] [--license <spdx>]`: a project to start from.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { parseArgs, scopeOption, stringOption, type Options } from "./support/args.js";
import { licenseText } from "./support/license-text.js";
import { progressOf, UsageError, type CliIo } from "./support/io.js";

export const USAGE = `Usage: blockwright init [dir] [--scope <@scope>] [--license <spdx id>] [--repository <url>] \
[--link <checkout>]

Scaffold a Blockwright project in dir (default: the current folder): a sample
provider (specs/notes/manifest.yaml and openapi.yaml), a workflow using it
(examples/first-note.yaml), a package.json whose scripts generate, mock,
validate, run, test, diff and publish, a .gitignore (node_modules, the
generation stamp, serve's state), a LICENSE that every generated package carries, and the
CI workflows: .github/workflows/contract-tests.yml (generate --check on Node
22, 24 and 26, the contract suite in shards, and on pull requests diff's job
summary, failing on a breaking change), .github/workflows/release.yml (a
release pull request with the next versions and CHANGELOG sections; once
merged, publish with npm provenance) and .github/dependabot.yml (updates for
the actions and npm). Files that already exist are left alone and listed.

The package.json depends on blockwright and its runtime by version range,
installed from the registry, and names the project's repository, homepage
and issue tracker (npm provenance needs the repository; generate copies
them into every package): from --repository, else from the git remote of
the folder (origin), else none, and init says so.

  --scope <@scope>   npm scope of the generated packages (default: @ and the
                     folder's name)
  --license <id>     the SPDX license of the project and its packages
                     (default MIT, whose text LICENSE holds; for another, the
                     package.json names it and LICENSE says to add its text)
  --repository <url> the project's repository (https://github.com/acme/blocks,
                     git@github.com:acme/blocks.git, github:acme/blocks)
  --link <checkout>  for work on blockwright itself: depend on a checkout of
                     it by relative path (file:), not on the registry

Then: npm install, npm run generate, npm run demo.

Exit status: 0 written (or every file already there), 2 usage error or a
folder that cannot be written, 70 internal error (a bug: please report it).`;

/** The options init takes. */
const OPTIONS = {
  scope: { type: "string" },
  license: { type: "string" },
  repository: { type: "string" },
  link: { type: "string" },
} as const satisfies Options;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  const license = licenseOption(stringOption(args, "license"));
  const { repositoryLinks } = await import("../publish/repository-url.js");
  const repositoryArg = stringOption(args, "repository");
  const givenLinks = repositoryArg === undefined ? undefined : repositoryLinks(repositoryArg);
  if (repositoryArg !== undefined && !givenLinks)
    throw new UsageError(
      "BW3003",
      `--repository takes a repository address such as https://github.com/acme/blocks or ` +
        `git@github.com:acme/blocks.git, got ${JSON.stringify(repositoryArg)}`,
    );
  if (args.positionals.length > 1)
    throw new UsageError("BW3002", `unexpected argument ${JSON.stringify(args.positionals[1])}`);
  const dir = resolve(io.cwd, args.positionals[0] ?? ".");
  const { unsuitableFolder } = await import("../common/targets.js");
  const unsuitable = unsuitableFolder(dir);
  if (unsuitable) throw new UsageError("BW3007", `${args.positionals[0] ?? "."}: ${unsuitable}`);
  const name =
    basename(dir)
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^[._-]+/, "") || "tool-blocks";
  // The folder's name is reduced to npm name characters above, so the default is always a valid scope.
  const scope = scopeOption(args) ?? `@${name}`;

  const { version } = await import("./version.js");
  const { STAMP_FILE } = await import("../common/files.js");
  const files = templateFiles();
  const { createRequire } = await import("node:module");
  const runtimeVersion = (createRequire(import.meta.url)("@blockwright/runtime/package.json") as { version: string })
    .version;
  const linked = stringOption(args, "link");
  const tool =
    linked === undefined
      ? toolDependencies(version(), runtimeVersion)
      : linkedDependencies(dir, resolve(io.cwd, linked), linked);
  const { projectLinks } = await import("./support/project-links.js");
  const repository = givenLinks ? { ...givenLinks } : projectLinks(dir, io.env);
  const engines = (
    JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      engines?: Record<string, string>;
    }
  ).engines;
  files.set("package.json", projectPackageJson({ name, scope, tool, license, links: repository, engines }));
  files.set("LICENSE", licenseText(license, name, new Date().getUTCFullYear()));
  // The stamp records what generate wrote in this checkout, and serve keeps its state (the events
  // seen, the runs, its lock) beside the diff gate's policy, which is committed: neither is.
  const [{ DEFAULT_STORE_FILE }, { GATE_POLICY_FILE }] = await Promise.all([
    import("../serve/store.js"),
    import("../changes/gate-policy.js"),
  ]);
  files.set(
    ".gitignore",
    `node_modules/\ngenerated/${STAMP_FILE}\n${dirname(DEFAULT_STORE_FILE)}/*\n!${GATE_POLICY_FILE}\n`,
  );

  await refuseLinks(dir, files);

  const { written, kept } = writeFiles(io, dir, files);
  const where = relative(io.cwd, dir) || ".";
  progressOf(io).write(
    `blockwright init: ${written.length} files in ${where}` +
      `${kept.length ? ` (left as they were: ${kept.join(", ")})` : ""}\n`,
  );
  for (const path of written) io.stdout.write(`${join(where, path)}\n`);
  if (!repository && written.includes("package.json")) {
    io.stderr.write(
      "blockwright init: package.json names no repository (no --repository, no git remote): " +
        "add one before publishing with provenance (npm refuses it without)\n",
    );
  }
  progressOf(io).write(
    `\nNext:\n${where === "." ? "" : `  cd ${where}\n`}  npm install\n  npm run generate      # ` +
      `generated/notes: the ${scope}/notes package\n  npm run demo          # examples/first-note.yaml on a ` +
      `mock, no keys\n`,
  );
  return 0;
}

/** The template's files, by their path in the project. */
function templateFiles(): Map<string, string | URL> {
  const templateDir = new URL("../../templates/init/", import.meta.url);
  const files = new Map<string, string | URL>();
  const walk = (from: URL, prefix: string) => {
    for (const entry of readdirSync(from)) {
      const url = new URL(entry, from);
      if (statSync(url).isDirectory()) walk(new URL(`${entry}/`, from), `${prefix}${entry}/`);
      else files.set(`${prefix}${entry}`, url);
    }
  };
  walk(templateDir, "");
  return files;
}

/**
 * Nothing is written through a symbolic link (a link inside the folder could send a file anywhere): refused before
 * writing.
 */
async function refuseLinks(dir: string, files: Map<string, string | URL>): Promise<void> {
  const { linkOnPath } = await import("../common/paths.js");
  const links = new Map<string, boolean>();
  const through = [...files.keys()]
    .filter((path) => !existsSync(join(dir, path)))
    .map((path) => [path, linkOnPath(dir, path, links)] as const)
    .filter(([, link]) => link);
  const refusal = ([path, link]: readonly [string, string | undefined]) =>
    link === path ? `${path} is a symbolic link` : `${path} would be written through the symbolic link ${link}`;
  if (through.length)
    throw new UsageError(
      "BW3007",
      `refused: ${through.map(refusal).join("; ")}; links are never followed: remove them, or init another folder`,
    );
}

/** Write the files the folder does not hold yet (text, or a template's file copied); those it holds are kept. */
function writeFiles(io: CliIo, dir: string, files: Map<string, string | URL>): { written: string[]; kept: string[] } {
  const written: string[] = [];
  const kept: string[] = [];
  for (const [path, content] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const target = join(dir, path);
    if (existsSync(target)) {
      kept.push(path);
      continue;
    }
    try {
      mkdirSync(join(target, ".."), { recursive: true });
      if (typeof content === "string") writeFileSync(target, content);
      else cpSync(content, target);
    } catch (e) {
      throw new UsageError(
        "BW3007",
        `cannot write ${join(relative(io.cwd, dir) || ".", path)} (` +
          `${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` +
          `${written.length ? `; written before it: ${written.join(", ")}` : ""}`,
      );
    }
    written.push(path);
  }
  return { written, kept };
}

/**
 * What the new project depends on to generate and run: this blockwright and
 * its runtime, by version range, from the registry, wherever init runs from
 * (a path of this machine in a project's package.json breaks every other
 * machine's install, and publish refuses packages that depend on one).
 */
export function toolDependencies(version: string, runtimeVersion: string): Record<string, string> {
  return { blockwright: `^${version}`, "@blockwright/runtime": `^${runtimeVersion}` };
}

/**
 * `--link <checkout>`: blockwright and its runtime from a checkout of blockwright, by a path relative to the project
 * (never an absolute one).
 */
function linkedDependencies(dir: string, checkout: string, given: string): Record<string, string> {
  let pkg: { name?: unknown } | undefined;
  try {
    pkg = JSON.parse(readFileSync(join(checkout, "package.json"), "utf8")) as { name?: unknown };
  } catch {
    pkg = undefined;
  }
  if (pkg?.name !== "blockwright" || !existsSync(join(checkout, "runtime/package.json"))) {
    throw new UsageError(
      "BW3007",
      `--link ${given}: not a checkout of blockwright (its package.json names blockwright, ` +
        `and runtime/ holds the runtime)`,
    );
  }
  const path = relative(dir, checkout).split("\\").join("/") || ".";
  if (isAbsolute(path))
    throw new UsageError(
      "BW3007",
      `--link ${given}: on another drive than the project, so no relative path leads there`,
    );
  const from = path.startsWith(".") ? path : `./${path}`;
  return { blockwright: `file:${from}`, "@blockwright/runtime": `file:${from}/runtime` };
}

/**
 * --license: an SPDX identifier or expression as npm takes it (letters, digits, `.`, `-`, `+`, and `AND`/`OR`/`WITH`
 * with parentheses).
 */
function licenseOption(value: string | undefined): string {
  if (value === undefined) return "MIT";
  if (!/^[A-Za-z0-9.+()-]+(?: (?:AND|OR|WITH) [A-Za-z0-9.+()-]+)*$/.test(value) || value.length > 200) {
    throw new UsageError(
      "BW3003",
      `--license takes an SPDX license identifier such as MIT or Apache-2.0, ` +
        `got ${JSON.stringify(value.slice(0, 200))}`,
    );
  }
  return value;
}

// The TypeScript the project checks its code with: the range generated packages are tested on
// (.ci/typescript-range), not one minor version pinned into the user's project.
const SUPPORTED_TYPESCRIPT = ">=5.4 <8";

interface ProjectPackage {
  name: string;
  scope: string;
  tool: Record<string, string>;
  license: string;
  links: { repository: object; homepage?: string; bugs?: object } | undefined;
  engines: Record<string, string> | undefined;
}

function projectPackageJson({ name, scope, tool, license, links, engines }: ProjectPackage): string {
  const json = {
    name,
    version: "0.0.0",
    private: true,
    license,
    ...links,
    type: "module",
    ...(engines ? { engines } : {}),
    workspaces: ["generated/*"],
    blockwright: { scope },
    scripts: {
      generate: "blockwright generate",
      "generate:check": "blockwright generate --check",
      mock: "blockwright mock",
      validate: "blockwright validate examples/first-note.yaml --mock",
      demo: "blockwright run examples/first-note.yaml",
      test: "blockwright test",
      diff: "blockwright diff --workflows 'examples/*.yaml'",
      publish: "blockwright publish",
    },
    devDependencies: { ...tool, typescript: SUPPORTED_TYPESCRIPT },
  };
  return JSON.stringify(json, null, 2) + "\n";
}
