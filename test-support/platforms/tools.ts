// What the tests of `generate --target n8n` and `--target sim` run the
// generated files with: n8n's node linter and engine (installed in their own
// workspace, test-support/platforms/: n8n pins zod 3, the agent frameworks at
// the root zod 4), esbuild and TypeScript (the root's). A generated package is
// written to a temporary folder whose node_modules links to them, and to the
// provider's generated package and the runtime, as `npm install` would give
// it (no network: they are this repository's).
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { dirname, join } from "node:path";
import { REPOSITORY } from "../neutral-copy.js";
import { type ParsedFiles, parsedFilesHost } from "../parsed-files-host.js";
import { n8nSettings } from "./shared-tools.js";

export const PLATFORM_TOOLS = join(REPOSITORY, "test-support/platforms");

/** A package's folder as npm laid it out: in the platforms' workspace when it nests it there, else at the root. */
export function toolDir(name: string): string {
  for (const modules of [join(PLATFORM_TOOLS, "node_modules"), join(REPOSITORY, "node_modules")]) {
    const dir = join(modules, name);
    if (existsSync(join(dir, "package.json"))) return dir;
  }
  throw new Error(`${name} is not installed (npm ci installs it, in test-support/platforms or the root)`);
}

/**
 * The tools a generated n8n package builds and lints with (its devDependencies), besides the provider's package and the
 * runtime.
 */
export const N8N_PACKAGE_TOOLS = [
  "n8n-workflow",
  "esbuild",
  "typescript",
  "eslint",
  "@eslint/js",
  "typescript-eslint",
  "eslint-plugin-n8n-nodes-base",
  "@n8n/eslint-plugin-community-nodes",
];

/** `dir/node_modules` with links to `packages` (name → folder). */
export function linkModules(dir: string, packages: Record<string, string>): void {
  for (const [name, target] of Object.entries(packages)) {
    const link = join(dir, "node_modules", name);
    mkdirSync(dirname(link), { recursive: true });
    if (!existsSync(link)) symlinkSync(target, link, "dir");
  }
}

/** An n8n package folder's dependencies linked: its tools, the provider's package (`providerDir`) and the runtime. */
export function linkN8nPackage(dir: string, provider: { name: string; dir: string }): void {
  linkModules(dir, {
    ...Object.fromEntries(N8N_PACKAGE_TOOLS.map((name) => [name, toolDir(name)])),
    [provider.name]: provider.dir,
    "@blockwright/runtime": join(REPOSITORY, "runtime"),
  });
}

/** A problem n8n's linter found: the file (in its package), the line, the rule and its message. */
export interface LintProblem {
  file: string;
  line: number;
  rule: string;
  message: string;
  /** 1: a warning, 2: an error. */
  severity: number;
}

/**
 * The answer of the tests' shared `tool` (shared-tools.ts, in Vitest's main process: the main project's global set-up
 * serves it) to `request`; undefined outside the main project's tests (the corpus), where a call starts a process.
 */
async function askShared<T>(tool: "n8n-lint" | "n8n-run", request: unknown): Promise<T | undefined> {
  // The key's type is declared by global-setup.ts, which the SDK judge's project (it compiles this file) leaves out.
  const setup = process.env.VITEST ? ((await import("vitest")).inject("sharedMocks" as never) as string) : undefined;
  if (!setup) return undefined;
  // node:http, not fetch: an ask waits behind the others of the run, which on a busy machine may pass fetch's 300 s.
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const ask = httpRequest(`${setup}/${tool}`, { method: "POST" }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (d: string) => {
        text += d;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      response.on("error", reject);
    });
    ask.on("error", reject);
    ask.end(JSON.stringify(request));
  });
  if (status !== 200) throw new Error(`the shared ${tool} failed:\n${text}`);
  return JSON.parse(text) as T;
}

/**
 * ESLint over each package folder with its own eslint.config.mjs (n8n's rule sets); the problems by folder. Under the
 * tests, the run's one linter answers (ESLint and the rule sets loaded once a run); elsewhere one process of its own
 * (lint-packages.mjs) a call.
 */
export async function lintPackages(dirs: readonly string[], scratch: string): Promise<Record<string, LintProblem[]>> {
  const shared = await askShared<Record<string, LintProblem[]>>("n8n-lint", dirs);
  if (shared) return shared;
  const result = join(scratch, "lint.json");
  const { NODE_ENV: _test, VITEST: _vitest, ...env } = process.env;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(PLATFORM_TOOLS, "lint-packages.mjs"), result, ...dirs],
      { cwd: PLATFORM_TOOLS, env, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) =>
        error
          ? reject(new Error(`n8n's linter failed:\n${stderr}`))
          : resolve(JSON.parse(readFileSync(result, "utf8")) as Record<string, LintProblem[]>),
    );
  });
}

/**
 * Each package folder's build.mjs (its dist/, as `npm run build` writes it after the type-check), run in one process.
 */
export function buildPackages(dirs: readonly string[]): Promise<void> {
  const script =
    `for (const dir of ${JSON.stringify(dirs)}) await ` + `import(new URL("build.mjs", \`file://\${dir}/\`).href);`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--input-type=module", "-e", script],
      { cwd: PLATFORM_TOOLS },
      (error, _stdout, stderr) => (error ? reject(new Error(`build.mjs failed:\n${stderr}`)) : resolve()),
    );
  });
}

/**
 * TypeScript's messages about the packages' own files, each package checked with its tsconfig.json's options
 * (the same for every package the generator writes for a platform: one program for them all).
 */
export async function typeCheckPackages(dirs: readonly string[], files: (dir: string) => string[]): Promise<string[]> {
  const ts = (await import("typescript")).default;
  const first = dirs[0];
  if (first === undefined) return [];
  const config = ts.readConfigFile(join(first, "tsconfig.json"), ts.sys.readFile);
  if (config.error) return [ts.flattenDiagnosticMessageText(config.error.messageText, "\n")];
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, first).options;
  const roots = dirs.flatMap((dir) => files(dir).map((f) => join(dir, f)));
  // The declaration files a Sim tree's program or the project's parsed before in this worker (the standard library with
  // the DOM, @types/node) are taken as parsed; n8n-workflow's and what they import (about 1,040 files: @sentry,
  // CodeMirror, ast-types…) are not kept, no other program reading them.
  const program = ts.createProgram(roots, options, parsedFilesHost(ts, options, new Map(), false));
  return roots
    .flatMap((file) => ts.getPreEmitDiagnostics(program, program.getSourceFile(file)))
    .map(
      (d) =>
        `${d.file?.fileName ?? ""}:` +
        `${d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0}: ` +
        `${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
}

/** A file an item holds as n8n's binary data: its bytes in base64, its type and name. */
export interface N8nBinary {
  data: string;
  mimeType: string;
  fileName: string;
}

/**
 * A workflow for run-workflow.cjs: the packages' folders, the items the first node emits to every other node, those
 * nodes and the credentials by type.
 */
export interface N8nJob {
  packages: string[];
  items: Record<string, unknown>[];
  /** Each item's binary data, by field (none: the item has none). */
  binary?: (Record<string, N8nBinary> | undefined)[];
  /**
   * `onError`: n8n's node setting; "continueRegularOutput" ("Continue" in the node's settings) makes a failure the
   * node's item, and the workflow goes on.
   */
  nodes: {
    id: string;
    name: string;
    type: string;
    typeVersion: number;
    position: [number, number];
    parameters: Record<string, unknown>;
    credentials?: Record<string, { id: string; name: string }>;
    onError?: string;
  }[];
  credentials: Record<string, Record<string, unknown>>;
}

export interface N8nRun {
  status: string;
  nodes: Record<
    string,
    {
      items: {
        json: Record<string, unknown>;
        binary?: Record<string, { mimeType?: string; fileName?: string; data?: string }>;
      }[];
      error?: N8nError;
    }[]
  >;
  error?: N8nError;
}

export interface N8nError {
  name: string;
  message: string;
  description?: string;
  httpCode?: string | null;
  itemIndex?: number;
  errorResponse?: Record<string, unknown>;
  failure?: Record<string, unknown>;
}

/**
 * The job run by n8n's engine (run-workflow.cjs, on the Node.js that runs the tests), with n8n's settings in
 * `userFolder` when it runs in a process of its own; the run's result.
 */
export async function runN8nWorkflow(job: N8nJob, userFolder: string): Promise<N8nRun> {
  return (await runN8nWorkflows([job], userFolder))[0]!;
}

/**
 * The jobs run one after another by n8n's engine, n8n-core loaded once for them all; their runs' results, in order.
 * Under the tests, the run's one engine runs them (its settings in a folder of its own); elsewhere one process a call,
 * its settings in `userFolder`.
 */
export async function runN8nWorkflows(jobs: readonly N8nJob[], userFolder: string): Promise<N8nRun[]> {
  const shared = await askShared<N8nRun[]>("n8n-run", jobs);
  if (shared) return shared;
  const file = join(userFolder, "jobs.json");
  const result = join(userFolder, "results.json");
  writeFileSync(file, JSON.stringify(jobs));
  // No NODE_ENV=test: n8n loads the package's classes as it does in production (in a vm context).
  const { NODE_ENV: _test, VITEST: _vitest, ...env } = process.env;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(PLATFORM_TOOLS, "run-workflow.cjs"), file, result],
      { cwd: PLATFORM_TOOLS, env: { ...env, ...n8nSettings(userFolder) }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`n8n's engine failed:\n${stderr}\n${stdout}`))
          : resolve(JSON.parse(readFileSync(result, "utf8")) as N8nRun[]),
    );
  });
}

/** The files a generation wrote, under `dir`. */
export function writeFiles(dir: string, files: ReadonlyMap<string, string>): void {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** Sim's own types, vendored (fixtures/sim/README.md): the start of a Sim tree that generated files are copied into. */
export const SIM_TYPES = join(REPOSITORY, "test-support/fixtures/sim");

/**
 * A Sim tree in `dir`: Sim's vendored types, then each provider folder's `tools/` and `blocks/` copied over
 * `apps/sim/` (as the generated README says), and node_modules with the providers' packages, the runtime and
 * React's types. Returns the files copied in, by path.
 */
export function simTree(
  dir: string,
  generated: string,
  providers: { id: string; name: string; dir: string }[],
): string[] {
  cpSync(SIM_TYPES, dir, { recursive: true });
  const app = join(dir, "apps/sim");
  const copied: string[] = [];
  for (const p of providers) {
    for (const part of ["tools", "blocks"]) {
      cpSync(join(generated, p.id, part), join(app, part), { recursive: true });
      for (const f of readdirSync(join(generated, p.id, part), { recursive: true, withFileTypes: true }))
        if (f.isFile()) copied.push(join(app, part, f.parentPath.slice(join(generated, p.id, part).length), f.name));
    }
  }
  linkModules(dir, {
    ...Object.fromEntries(providers.map((p) => [p.name, p.dir])),
    "@blockwright/runtime": join(REPOSITORY, "runtime"),
    "@types/react": toolDir("@types/react"),
  });
  return copied;
}

// Source files parsed for a Sim program, kept for the worker's life (as test-support/type-check.ts keeps the
// project's): each Sim program parses TypeScript's standard library with the DOM, @types/node, React's types and the
// runtime's sources (about 0.6 s of CPU), and four files check a Sim tree. Sim's options are one set (moduleDetection
// decides how a file is parsed, so these are kept apart from the project's); a file is reused while its text is the
// same.
const simParsed: ParsedFiles = new Map();

/**
 * TypeScript's messages about files of the Sim tree in `dir` (simTree), checked as apps/sim checks its own: Sim's
 * options (its tsconfig and packages/tsconfig), `@/` its app.
 */
export async function typeCheckSim(dir: string, files: readonly string[]): Promise<string[]> {
  const ts = (await import("typescript")).default;
  const options: import("typescript").CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    moduleDetection: ts.ModuleDetectionKind.Force,
    types: ["node"],
    typeRoots: [join(REPOSITORY, "node_modules/@types")],
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    isolatedModules: true,
    jsx: ts.JsxEmit.ReactJSX,
    noEmit: true,
    paths: { "@/*": [join(dir, "apps/sim/*")], "@sim/workflow-types/*": [join(dir, "packages/workflow-types/src/*")] },
  };
  const program = ts.createProgram([...files], options, parsedFilesHost(ts, options, simParsed));
  return files
    .flatMap((file) => ts.getPreEmitDiagnostics(program, program.getSourceFile(file)))
    .map(
      (d) =>
        `${d.file?.fileName ?? ""}:` +
        `${d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0}: ` +
        `${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
}

// ---- Sim's executor --------------------------------------------------------------

// What Sim's executor does with a ToolConfig, for the tests of `generate
// --target sim`: the request formatted as Sim's request-transport.ts
// `formatToolRequest` formats it (the url, the method — a function's, else a
// `method` parameter's, else the config's —, the headers, a body only for a
// method other than GET and HEAD: text as it is, anything else as JSON), a
// User-Agent of "Sim" unless one is set, sent with fetch; an answer that is
// not 2xx is a failure before transformResponse (Sim's tools/index.ts
// `executeToolRequest`), and so is anything thrown; else transformResponse
// gives the result. A tool with a `directExecution` is run by it instead,
// with the params and the run's abort signal, and nothing is sent for it (Sim's
// tools/index.ts `executeTool`, before `executeToolRequest`). As at the commit test-support/fixtures/sim/ is vendored
// from. Left out, as no generated tool uses them: internal routes, retries,
// hosted keys, proxies and the provenance of model inputs; and Sim's address
// checks (its DNS pinning refuses a loopback address, which a mock is).

/**
 * The part of Sim's ToolConfig its executor reads to send a request
 * (test-support/fixtures/sim/apps/sim/tools/types.ts).
 */
export interface SimToolConfig {
  id: string;
  request: {
    url: string | ((params: never) => string);
    method: string | ((params: never) => string);
    headers: (params: never) => Record<string, string>;
    body?: (params: never) => unknown;
  };
  transformResponse?: (response: Response, params?: never) => Promise<unknown>;
  directExecution?: (params: never, signal?: AbortSignal) => Promise<unknown>;
}

/** Sim's ToolResponse, as its executeTool resolves (a failure's output empty, its message in `error`). */
export interface SimToolResponse {
  success: boolean;
  output: Record<string, unknown>;
  error?: string;
}

export async function simExecuteTool(tool: SimToolConfig, params: Record<string, unknown>): Promise<SimToolResponse> {
  const call = <T>(f: (params: never) => T) => f(params as never);
  try {
    if (tool.directExecution)
      return (await tool.directExecution(params as never, new AbortController().signal)) as SimToolResponse;
    const url = typeof tool.request.url === "function" ? call(tool.request.url) : tool.request.url;
    const method =
      typeof tool.request.method === "function"
        ? call(tool.request.method)
        : (params.method as string | undefined) || tool.request.method || "GET";
    const headers = new Headers(tool.request.headers ? call(tool.request.headers) : {});
    const hasBody = method !== "GET" && method !== "HEAD" && Boolean(tool.request.body);
    const bodyResult = tool.request.body ? call(tool.request.body) : undefined;
    const contentType = headers.get("content-type");
    const preformatted = contentType === "application/x-ndjson" || contentType === "application/x-www-form-urlencoded";
    let body: string | undefined;
    if (hasBody) {
      if (preformatted && typeof bodyResult === "string") body = bodyResult;
      else if (preformatted && bodyResult && typeof bodyResult === "object" && "body" in bodyResult)
        body = (bodyResult as { body: string }).body;
      else body = typeof bodyResult === "string" ? bodyResult : JSON.stringify(bodyResult);
    }
    if (!headers.has("User-Agent")) headers.set("User-Agent", "Sim");
    const response = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    if (!response.ok) {
      const text = await response.text();
      return { success: false, output: {}, error: `${response.status} ${response.statusText}: ${text.slice(0, 500)}` };
    }
    if (!tool.transformResponse) {
      const status = response.status;
      const data =
        status === 202 || status === 204 || status === 205
          ? { status }
          : ((await response.json()) as Record<string, unknown>);
      return { success: true, output: (data.output as Record<string, unknown> | undefined) ?? data };
    }
    // Sim hands transformResponse an object over the answer's parts (its real body stream included).
    const handed = {
      ok: response.ok,
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      url,
      body: response.body,
      json: () => response.json(),
      text: () => response.text(),
      arrayBuffer: () => response.arrayBuffer(),
      blob: () => response.blob(),
    } as Response;
    return (await tool.transformResponse(handed, params as never)) as SimToolResponse;
  } catch (e) {
    return { success: false, output: {}, error: (e as Error).message };
  }
}
