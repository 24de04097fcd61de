// npm itself, as a child process, for what `blockwright publish` asks a
// registry: which versions of a package it has (`npm view`) and to take a
// package (`npm publish`). npm reads its own configuration (registry, scoped
// registries, auth tokens, .npmrc files): nothing of it is reimplemented or
// read here. What npm says back is shown only with credentials withheld.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { isSecretLength, redact } from "@blockwright/runtime/internal";
import { statOf } from "../common/paths.js";

export interface NpmOptions {
  /** The project folder (npm reads its .npmrc there). */
  cwd: string;
  env: Record<string, string | undefined>;
  /** `--registry`, when the user gave one. */
  registry?: string;
  /** Stops the running npm (Ctrl-C, SIGTERM). */
  signal: AbortSignal;
}

/**
 * npm's failure as it words it: its error code (E404, E403, ECONNREFUSED…, when it gives one) and message, credentials
 * withheld.
 */
export class NpmFailure extends Error {
  constructor(
    readonly code: string | undefined,
    readonly reason: string,
  ) {
    super(code && !reason.startsWith(code) ? `${code} ${reason}` : reason);
    this.name = "NpmFailure";
  }
}

const MiB = 1024 * 1024;
/** The most of npm's output kept, on each stream: far above any real answer. */
const MAX_OUTPUT_CHARS = 16 * MiB;

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runNpm(args: string[], options: NpmOptions): Promise<Finished> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) return reject(options.signal.reason);
    const child = spawn("npm", [...args, ...(options.registry ? ["--registry", options.registry] : [])], {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      // npm is npm.cmd on Windows, which only a shell runs.
      shell: process.platform === "win32",
    });
    let stdout = "";
    let stderr = "";
    // What npm relays of a registry's answers is bounded as any answer is (a registry that answers for ever).
    let tooMuch = false;
    const take = (text: string, d: Buffer): string => {
      if (tooMuch || text.length + d.length <= MAX_OUTPUT_CHARS) return tooMuch ? text : text + d;
      tooMuch = true;
      child.kill("SIGTERM");
      return text;
    };
    child.stdout.on("data", (d: Buffer) => (stdout = take(stdout, d)));
    child.stderr.on("data", (d: Buffer) => (stderr = take(stderr, d)));
    const stop = () => child.kill("SIGTERM");
    options.signal.addEventListener("abort", stop, { once: true });
    child.on("error", (e: NodeJS.ErrnoException) => {
      options.signal.removeEventListener("abort", stop);
      reject(e.code === "ENOENT" ? new NpmFailure("ENOENT", "npm was not found on the PATH") : e);
    });
    child.on("close", (code) => {
      options.signal.removeEventListener("abort", stop);
      if (options.signal.aborted) reject(options.signal.reason);
      else if (tooMuch)
        reject(
          new NpmFailure(
            "EOUTPUT",
            `npm printed more than ${MAX_OUTPUT_CHARS / MiB} MiB; it was stopped (is the registry answering ` +
              `with an endless body?)`,
          ),
        );
      else resolve({ code, stdout, stderr });
    });
  });
}

/** The failure npm reported: its `--json` error object, else its `npm error` lines. */
function failureOf(result: Finished, secrets: readonly string[]): NpmFailure {
  const json = lastJson(result.stdout) as
    | { error?: { code?: unknown; summary?: unknown; detail?: unknown } }
    | undefined;
  const error = json?.error;
  if (error && typeof error.summary === "string") {
    const detail = typeof error.detail === "string" && error.detail.trim() ? ` (${oneLine(error.detail)})` : "";
    return new NpmFailure(
      typeof error.code === "string" ? error.code : undefined,
      withheld(`${oneLine(error.summary)}${detail}`, secrets),
    );
  }
  const lines = result.stderr
    .split("\n")
    .filter((l) => l.startsWith("npm error ") && !/A complete log of this run/.test(l))
    .map((l) => l.slice("npm error ".length));
  const code = lines.map((l) => /^code (\S+)$/.exec(l)?.[1]).find(Boolean);
  const reason = lines.filter((l) => !/^code \S+$/.test(l)).join(" ");
  return new NpmFailure(code, withheld(oneLine(reason) || `npm exited with status ${result.code}`, secrets));
}

/**
 * The versions of `name` the registry has (none when it does not know the
 * package); any other answer (no access, no connection) is an NpmFailure:
 * then nobody can tell what to publish.
 */
export async function publishedVersions(name: string, options: NpmOptions): Promise<string[]> {
  const result = await runNpm(["view", name, "versions", "--json"], options);
  if (result.code === 0) return versionsOf(lastJson(result.stdout));
  const failure = failureOf(result, npmSecrets(options));
  if (failure.code === "E404") return [];
  throw failure;
}

/** The versions a `npm view --json` answer gives: one version as a string, several as a list, none as nothing. */
function versionsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
}

/**
 * The versions the registry has of several workspace packages of the
 * project at `cwd`, asked by one `npm view --workspace <dir>…` (an npm
 * process costs about 0.4 s of CPU to start: a project of 30 providers paid
 * it 30 times). The answer maps each name to its versions, and an `error`
 * object holds the names the registry does not know (E404: none). A package
 * it does not settle — npm stops at the first other failure, an npm without
 * workspaces answers otherwise, a package named `error` would be ambiguous —
 * is left out: ask it alone (`publishedVersions`), which names its failure.
 */
export async function workspaceVersions(
  packages: readonly { name: string; dir: string }[],
  options: NpmOptions,
): Promise<Map<string, string[]>> {
  const settled = new Map<string, string[]>();
  if (packages.length < 2 || packages.some((p) => p.name === "error")) return settled;
  let result: Finished;
  try {
    result = await runNpm(
      ["view", ...packages.flatMap((p) => ["--workspace", p.dir]), ".", "versions", "--json"],
      options,
    );
  } catch (e) {
    if (e instanceof NpmFailure) return settled;
    throw e;
  }
  const answer = lastJson(result.stdout);
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) return settled;
  const byName = answer as Record<string, unknown>;
  const errors = (typeof byName.error === "object" && byName.error !== null ? byName.error : {}) as Record<
    string,
    { code?: unknown } | undefined
  >;
  for (const { name } of packages) {
    if (Object.hasOwn(byName, name)) settled.set(name, versionsOf(byName[name]));
    else if (Object.hasOwn(errors, name) && errors[name]?.code === "E404") settled.set(name, []);
  }
  return settled;
}

export interface Published {
  /** The registry npm published to (from its notice), when it said. */
  registry?: string;
}

/** `npm publish <dir>` (with `--dry-run`: npm packs and checks, and uploads nothing); a refusal is an NpmFailure. */
export async function publishPackage(
  dir: string,
  options: NpmOptions & { tag?: string; dryRun: boolean; npmArgs: string[] },
): Promise<Published> {
  const args = [
    "publish",
    dir,
    "--json",
    ...(options.tag ? ["--tag", options.tag] : []),
    ...(options.dryRun ? ["--dry-run"] : []),
    ...options.npmArgs,
  ];
  const result = await runNpm(args, options);
  if (result.code !== 0) throw failureOf(result, npmSecrets(options));
  const registry = /Publishing to (\S+)/.exec(result.stderr)?.[1];
  return registry ? { registry: withheld(registry, npmSecrets(options)) } : {};
}

export interface WorkspacesPublished {
  /** The packages npm published (with --dry-run: would publish), by name. */
  published: Map<string, Published>;
  /** The package npm stopped at, and npm's reason. */
  refused?: { name: string; failure: NpmFailure };
}

/**
 * `npm publish --workspace ./<dir>…`: several workspace packages of the project in one npm, under one tag (batches.ts
 * says which may share it). npm publishes them in the order given and stops at the first refusal; its `--json` answer
 * names each package it published (npm 10.9 and later: the one Node.js 22.12 brings), with the refusal beside them.
 * A package the answer does not settle is in neither result, to be published alone (`publishPackage`), which names
 * its own refusal: all of them when npm published none (its failure may be the run's, e.g. npm not finding the
 * workspaces, as well as the first package's), and those after the refused one, which npm did not try.
 */
export async function publishWorkspaces(
  packages: readonly { name: string; dir: string }[],
  options: NpmOptions & { tag?: string; dryRun: boolean; npmArgs: string[] },
): Promise<WorkspacesPublished> {
  const args = [
    "publish",
    ...packages.flatMap((p) => ["--workspace", `./${p.dir}`]),
    "--json",
    ...(options.tag ? ["--tag", options.tag] : []),
    ...(options.dryRun ? ["--dry-run"] : []),
    ...options.npmArgs,
  ];
  const published = new Map<string, Published>();
  let result: Finished;
  try {
    result = await runNpm(args, options);
  } catch (e) {
    if (e instanceof NpmFailure) return { published };
    throw e;
  }
  const answer = lastJson(result.stdout);
  const named = answer && typeof answer === "object" && !Array.isArray(answer) ? (answer as object) : {};
  // npm says where it publishes once for all the packages that go to one registry (it repeats no notice).
  const registries = new Set([...result.stderr.matchAll(/Publishing to (\S+)/g)].map((m) => m[1] as string));
  const registry = registries.size === 1 ? withheld([...registries][0] as string, npmSecrets(options)) : undefined;
  // What npm names, as far as it went in the order given (an answer out of that order settles no more).
  let count = 0;
  while (count < packages.length && Object.hasOwn(named, (packages[count] as { name: string }).name)) count++;
  if (result.code !== 0 && count === packages.length) count--; // as `publishPackage` takes a failing npm's package
  for (const p of packages.slice(0, count)) published.set(p.name, registry ? { registry } : {});
  const stopped = packages[count];
  return result.code === 0 || count === 0 || !stopped
    ? { published }
    : { published, refused: { name: stopped.name, failure: failureOf(result, npmSecrets(options)) } };
}

/** The JSON value that ends npm's `--json` output (a lifecycle script may print before it), if any. */
function lastJson(text: string): unknown {
  const lines = text.trimEnd().split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!/^[[{"]/.test(lines[i] ?? "")) continue;
    try {
      return JSON.parse(lines.slice(i).join("\n"));
    } catch {
      // Not where the value starts: look further up.
    }
  }
  return undefined;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Text from npm with what can be a credential withheld: the user and
 * password of an address, `_authToken`, `_auth` and `_password` settings,
 * bearer and basic authorisations (the space also as `%20` or `+`), and npm's
 * own token format; then each of `secrets` in every form the runtime's
 * redactor knows (JSON-escaped, percent-encoded, base64, any case).
 */
export function withheld(text: string, secrets: readonly string[] = []): string {
  const shapes = text
    .replace(/(\/\/)[^/\s@]+@/g, "$1[withheld]@")
    .replace(/(_authToken|_auth|_password|token)(\s*[=:]\s*)\S+/gi, "$1$2[withheld]")
    .replace(/\b(Bearer|Basic)(\s+|%20|\+)[^\s"'&]+/gi, "$1$2[withheld]")
    .replace(/\bnpm_[A-Za-z0-9]{20,}\b/g, "[withheld]");
  return redact(shapes, secrets);
}

/**
 * npm configuration read for its credentials only: the project's .npmrc and the user's (NPM_CONFIG_USERCONFIG, else
 * ~/.npmrc).
 */
const NPMRC_MAX_BYTES = 1024 * 1024;
const CREDENTIAL_SETTING = /^\s*(?:\S*:)?(_authToken|_auth|_password|token)\s*=\s*(.+?)\s*$/gim;
const CREDENTIAL_VARIABLE = /token|auth|password|secret/i;

/**
 * The npm credentials npm itself would use, so that whatever npm or a
 * registry echoes of them is withheld in every form: environment variables
 * named like a credential (NPM_TOKEN, NODE_AUTH_TOKEN, npm_config__authToken),
 * and the `_authToken`, `_auth` and `_password` settings of the .npmrc files
 * (`${VAR}` expanded as npm does; `_auth` and `_password` decoded too, being
 * base64). Nothing read here is sent anywhere.
 */
export function npmSecrets(options: Pick<NpmOptions, "cwd" | "env">): string[] {
  const { env } = options;
  const out = Object.entries(env).flatMap(([name, value]) => (value && CREDENTIAL_VARIABLE.test(name) ? [value] : []));
  const userConfig = env.NPM_CONFIG_USERCONFIG ?? env.npm_config_userconfig ?? join(env.HOME ?? homedir(), ".npmrc");
  for (const file of [join(options.cwd, ".npmrc"), userConfig]) {
    const stat = statOf(file);
    if (!stat?.isFile() || stat.size > NPMRC_MAX_BYTES) continue;
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue; // unreadable: npm cannot use it either
    }
    for (const [, setting, raw] of text.matchAll(CREDENTIAL_SETTING)) {
      const value = (raw ?? "")
        .replace(/^(["'])(.*)\1$/, "$2")
        .replace(/\$\{([^}]+)\}/g, (_, name: string) => env[name] ?? "");
      out.push(value);
      if (setting !== "_authToken" && setting !== "token") {
        const decoded = Buffer.from(value, "base64").toString("utf8");
        out.push(decoded, ...decoded.split(":").slice(1));
      }
    }
  }
  return [...new Set(out.filter(isSecretLength))];
}
