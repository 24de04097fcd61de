// `blockwright call <operationId> [--param name=value]... [--params '<json>'] [--base-url <url>] [--token-url <url>]
// [--allow-host <host>]... [--timeout <ms>] [--all-pages] [--max-items <n>] [--max-pages <n>] [--save <file>]
// [--show-secrets] [--out <dir>]`
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  checkAddress,
  envVariableName,
  llmOutput,
  setOwn,
  type ToolResult,
  type ToolSpec,
  typedText,
  withheldOutputs,
} from "@blockwright/runtime/internal";
import { NESTING_RULE, shownPath, tooDeep } from "../common/nesting.js";
import {
  generatedPackages,
  listOption,
  parseArgs,
  positiveInteger,
  projectDirs,
  stringOption,
  type Options,
} from "./support/args.js";
import { standardInput, UsageError, type CliIo } from "./support/io.js";
import { heldSecretPaths } from "./support/withheld-run.js";
import { unknownNameHint } from "../common/problems/suggest.js";

export const USAGE = `Usage: blockwright call <operationId> [--param name=value]... \
[--params '<json>'] [--base-url <url>] [--token-url <url>] [--allow-host <host>]... \
[--timeout <ms>] [--all-pages] [--max-items <n>] [--max-pages <n>] [--save <file>] [--show-secrets] \
[--out <dir>]

Run one tool of the project's generated packages and print the result object
({success, output} or {success, error}) as JSON on stdout. <operationId> is the
tool's id (as blockwright tools lists it), or the operationId of the published
document that one tool calls.

  --param name=value   a parameter (repeatable); json parameters take JSON text;
                       one of several forms (manifest anyOf) takes JSON text
                       of a value a form takes as that value (42, true,
                       "2025-01-02T03:04:05Z", ["a","b"]), other text as it
                       is; a text parameter takes the text as typed, quotes
                       and all; name=null is null to a parameter that may be
                       null (manifest nullable), a text one too: give the
                       text null as JSON text then (--params '{"name": "null"}')
  --params '<json>'    parameters as one JSON object (--param entries win);
                       --params - reads it from standard input
  --base-url <url>     send the request to this address instead of the
                       provider's (https, or http on loopback: a mock)
  --token-url <url>    for a provider with OAuth 2 flows: the token endpoint
                       to use instead of the manifest's (https, or http on
                       loopback: a mock; {param} placeholders as the
                       manifest's); its host as for --base-url
  --allow-host <host>  let the credential go to this host too (repeatable):
                       a name, *.domain for one label, * for any name, or an
                       IP address; the provider's own hosts and loopback
                       need none
  --timeout <ms>       give up after this many milliseconds (default 30000;
                       with --all-pages, for each page)
  --all-pages          for a list operation that pages: fetch every page and
                       print one result, its lists concatenated ("pages" says
                       how many pages and items were fetched)
  --max-items <n>      with --all-pages: stop once n items are gathered
  --max-pages <n>      with --all-pages: fetch at most n pages (default 100)
  --save <file>        for an operation that answers a file: write its bytes
                       there (the output's content then names the file)
  --show-secrets       print the secrets the reply hands out (manifest output
                       secret: a created API key) as they are; without it
                       each is printed as [redacted], wherever the result
                       holds it, and a line on stderr names it
  --out <dir>          the generated packages (default ./generated)

An operation that answers a stream of items (manifest stream) prints its
items one a line, each as JSON; when the stream fails after some items (a
failure line, a break), those items, then the result object on one line
(exit 1).

A file parameter takes a path (read as the request is sent) or an https
address (fetched without the credential); one of several files, a JSON list
of them (--param 'files=["a.png","b.png"]'), or one, the name given again
adding to the list.

Secret parameters (apiKey, accessToken, clientSecret, refreshToken,
privateKey) must be references to environment variables, e.g.
--param apiKey={{MY_API_KEY}}; literal secrets are refused. A secret field
inside a JSON value (a password in an object) is given the same way:
--param 'profile={"password":"{{MY_PASSWORD}}"}'. With a provider's OAuth 2
flow parameters instead of its access token (e.g. tenantId, clientId and
clientSecret), the token is requested first.

A connection parameter not given (the credential, an instance address) is
read from <PROVIDER>_<PARAM> where set, as the package's client and
blockwright mcp read it: ACME_API_KEY for acme's apiKey. A credential given
on the command line wins, and none of its parameters is read beside it.

Exit status: 0 success, 1 the tool failed, 2 usage error, 70 internal error
(a bug: please report it).`;

/** The options call takes. */
const OPTIONS = {
  param: { type: "string", multiple: true },
  params: { type: "string" },
  "base-url": { type: "string" },
  "token-url": { type: "string" },
  "allow-host": { type: "string", multiple: true },
  timeout: { type: "string" },
  "all-pages": { type: "boolean" },
  "max-items": { type: "string" },
  "max-pages": { type: "string" },
  save: { type: "string" },
  "show-secrets": { type: "boolean" },
  out: { type: "string" },
} as const satisfies Options;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  const [named, ...extra] = args.positionals;
  if (!named) throw new UsageError("BW3002", "missing <operationId>");
  if (extra.length) throw new UsageError("BW3002", `unexpected argument ${JSON.stringify(extra[0])}`);
  const timeoutMs = positiveInteger(stringOption(args, "timeout"), "--timeout");
  const maxItems = positiveInteger(stringOption(args, "max-items"), "--max-items");
  const maxPages = positiveInteger(stringOption(args, "max-pages"), "--max-pages");
  const allPages = args.values["all-pages"] === true;
  if ((maxItems !== undefined || maxPages !== undefined) && !allPages)
    throw new UsageError("BW3004", "--max-items and --max-pages go with --all-pages");
  const baseUrl = checkedBaseUrl(stringOption(args, "base-url"));
  const tokenUrl = stringOption(args, "token-url");
  const allowHosts = listOption(args, "allow-host");
  const json = stringOption(args, "params");
  const params = callParams(json === "-" ? await standardInput(io, "--params -") : json, listOption(args, "param"));

  const { out } = projectDirs(args, io.cwd);
  const available = await generatedPackages(out, io.cwd);
  const { operationId, registry, tool } = await toolNamed(named, out, available);
  const save = stringOption(args, "save");
  if (save !== undefined && !tool.download)
    throw new UsageError(
      "BW3004",
      `--save: ${operationId} answers no file (manifest download), so there are no bytes to write`,
    );
  if (tokenUrl !== undefined && !tool.oauth)
    throw new UsageError(
      "BW3006",
      `--token-url: ${operationId} declares no OAuth 2 flows (manifest auth.flows), so it requests no token`,
    );
  if (allPages && !tool.pagination) {
    const paged = Object.values(registry.tools)
      .filter((t) => t.pagination)
      .map((t) => t.id);
    throw new UsageError(
      "BW3006",
      `--all-pages: ${operationId} returns one page only` +
        `${paged.length ? ` (operations that page: ${paged.join(", ")})` : ""}`,
    );
  }
  // The names `--param` gives as text, which has no type, with each text given (a repeated name's too): read as each
  // parameter's forms say (typedText, fileInput).
  const texts = new Map<string, string[]>();
  for (const entry of listOption(args, "param")) {
    const name = entry.slice(0, entry.indexOf("="));
    texts.set(name, [...(texts.get(name) ?? []), entry.slice(entry.indexOf("=") + 1)]);
  }
  const resolved = await resolvedParams(params, tool, operationId, io, texts);
  const controller = new AbortController();
  void io.interrupted.then(() => controller.abort());
  const pages = allPages ? { allPages, ...(maxItems ? { maxItems } : {}), ...(maxPages ? { maxPages } : {}) } : {};
  // A stream's items as each is handed out, so that those before a failure are printed too.
  const handed: unknown[] = [];
  const result = await registry.execute(operationId, resolved, {
    ...(tool.stream && !allPages ? { onItem: (item: unknown) => void handed.push(item) } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(tokenUrl !== undefined ? { tokenUrl } : {}),
    ...(allowHosts.length ? { allowHosts } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...pages,
    signal: controller.signal,
  });
  if (!result.success) io.stderr.write(missingSecretHint(tool, result, params));
  if (result.success && result.output.content instanceof Uint8Array) {
    const bytes = result.output.content;
    if (save !== undefined) {
      const target = resolve(io.cwd, save);
      await writeFile(target, bytes);
      result.output.content = { savedTo: target, bytes: bytes.byteLength };
    } else result.output.content = `(${bytes.byteLength} bytes; --save <file> writes them)`;
  }
  // A file inside an output (an answer that is JSON or a file: the file in `data`) as a line saying its size.
  if (result.success) result.output = llmOutput(result.output);
  // A stream's items one a line (JSON lines), as the upstream sent them: a reader may take each as it comes.
  const lines = (items: unknown[]) => items.map((item) => `${JSON.stringify(item)}\n`).join("");
  if (result.success && tool.stream && Array.isArray(result.output.data)) {
    io.stdout.write(lines(result.output.data));
    return 0;
  }
  // A stream that failed after items were handed out: those items, then the result object on a line of its own.
  if (!result.success && handed.length) {
    io.stdout.write(`${lines(handed)}${JSON.stringify(result)}\n`);
    return 1;
  }
  io.stdout.write(`${JSON.stringify(shownResult(tool, result, args.values["show-secrets"] === true, io), null, 2)}\n`);
  return result.success ? 0 : 1;
}

/**
 * How to give a secret the call was refused without (`accessToken: is required`): the variable `<PROVIDER>_<PARAM>`
 * it is read from (unset, else it would have been read), or a reference to another. Empty for any other failure.
 */
function missingSecretHint(
  tool: ToolSpec,
  result: Extract<ToolResult, { success: false }>,
  given: Record<string, unknown>,
): string {
  const { param, rule } = result.error as { param?: string; rule?: string };
  const spec = tool.params.find((p) => p.name === param);
  if (rule !== "required" || !spec?.secret || Object.hasOwn(given, spec.name)) return "";
  const variable = envVariableName(tool.provider, spec.name);
  return (
    `call: ${spec.name} is a secret: set ${variable} in the environment, or give ` +
    `--param '${spec.name}={{NAME}}' naming another variable (literal secrets are refused)\n`
  );
}

/**
 * The result as printed: the secrets its reply hands out (manifest output `secret`) withheld unless asked for, a line
 * on stderr naming those withheld, so that a terminal, a shell's history of its output or a CI log never holds them.
 */
function shownResult<T extends { success: boolean; output?: unknown }>(
  tool: ToolSpec,
  result: T,
  show: boolean,
  io: CliIo,
): T {
  // Those the reply holds: a read may leave one out, and a line naming it would say a secret was withheld.
  const paths = result.success ? heldSecretPaths(tool, (result as { output?: Record<string, unknown> }).output) : [];
  if (show || !paths.length || !result.success) return result;
  io.stderr.write(
    `${paths.join(", ")}: a secret (manifest output secret), printed as [redacted]; --show-secrets prints it\n`,
  );
  return withheldOutputs(tool, result);
}

/**
 * The parameters given, each one of the operation's, their secret references resolved from the environment, a file's
 * path taken relative to where the command runs, a text `--param` gave (`texts`) read as its parameter's forms say (a
 * number-or-text parameter's number: runtime/validate/text-values.ts).
 */
async function resolvedParams(
  params: Record<string, unknown>,
  tool: ToolSpec,
  operationId: string,
  io: CliIo,
  texts: ReadonlyMap<string, readonly string[]>,
): Promise<Record<string, unknown>> {
  const known = new Set(tool.params.map((p) => p.name));
  for (const name of Object.keys(params)) {
    if (!known.has(name))
      throw new UsageError(
        "BW3006",
        `${name}: not a parameter of ${operationId} (parameters: ${[...known].join(", ")})`,
      );
  }
  const { connectionFromEnvironment, resolveNestedReferences, resolveParamReferences } = await import(
    "./support/references.js"
  );
  const resolved = resolveParamReferences(
    params,
    new Set(tool.params.filter((p) => p.secret).map((p) => p.name)),
    io.env,
  );
  for (const [name, value] of Object.entries(connectionFromEnvironment(tool, params, io.env)))
    setOwn(resolved, name, value);
  resolveNestedReferences(resolved, tool.params, io.env);
  for (const p of tool.params) {
    const value = resolved[p.name];
    if (p.type === "file" && value !== undefined) setOwn(resolved, p.name, fileInput(p, value, texts.get(p.name), io));
    else if (texts.has(p.name) && value !== undefined) setOwn(resolved, p.name, typedText(p, value));
  }
  return resolved;
}

/**
 * A file parameter's value as the command line gives it, each path taken relative to where the command runs (an
 * address as it is). A parameter of several files (`multiple`) takes from `--param` JSON text of a list of them, or
 * one path, and the name given again adds to the list (the last alone was sent): the command line has no other way to
 * give the list.
 */
function fileInput(
  p: ToolSpec["params"][number],
  value: unknown,
  given: readonly string[] | undefined,
  io: CliIo,
): unknown {
  const placed = (v: unknown) =>
    typeof v === "string" && !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? resolve(io.cwd, v) : v;
  if (!p.multiple) return placed(value);
  const list = given?.length && typeof value === "string" ? given.flatMap((t) => listText(t) ?? [t]) : value;
  return Array.isArray(list) ? list.map(placed) : list;
}

/** The list of texts JSON `text` writes, if it writes one. */
function listText(text: string): string[] | undefined {
  if (!text.startsWith("[")) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every((v) => typeof v === "string") ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** `--params` JSON and `--param name=value` entries as one object of own properties (`--param` wins). */
export function callParams(json: string | undefined, entries: string[]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (e) {
      throw new UsageError("BW3003", `--params must be a JSON object (${(e as Error).message})`);
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new UsageError("BW3003", "--params must be a JSON object");
    const deep = tooDeep(parsed);
    if (deep)
      throw new UsageError(
        "BW3003",
        `--params: ${shownPath(deep.slice(0, 1))} is ${NESTING_RULE}, got a value nested deeper at ${shownPath(deep)}`,
      );
    for (const key of Object.keys(parsed)) setOwn(params, key, (parsed as Record<string, unknown>)[key]);
  }
  for (const entry of entries) {
    const eq = entry.indexOf("=");
    if (eq <= 0)
      throw new UsageError("BW3003", `--param takes name=value, got ${JSON.stringify(entry.split("=")[0])}…`);
    setOwn(params, entry.slice(0, eq), entry.slice(eq + 1));
  }
  return params;
}

/**
 * The tool `named` (its id, as `blockwright tools` lists it), or the one tool whose upstream operationId it is (the
 * name the published document gives); else a usage error listing the tools' ids.
 */
async function toolNamed(named: string, out: string, available: string[]) {
  const { loadRegistry, providerOfOperation } = await import("../registry/registry.js");
  const provider = providerOfOperation(named, available);
  const registry = provider ? await loadRegistry(out, [provider]) : undefined;
  const tool = registry?.tools[named];
  if (registry && tool && Object.hasOwn(registry.tools, named)) return { operationId: named, registry, tool };
  const all = await loadRegistry(out);
  const upstream = Object.entries(all.tools).filter(([, t]) => t.operationId === named);
  const [only] = upstream;
  if (only && upstream.length === 1) return { operationId: only[0], registry: all, tool: only[1] };
  throw new UsageError(
    "BW3006",
    upstream.length
      ? `${JSON.stringify(named)} is the upstream operationId of ${upstream.length} tools: give one's id ` +
          `(${upstream.map(([id]) => id).join(", ")})`
      : `unknown operation ${JSON.stringify(named)}${unknownNameHint(named, Object.keys(all.tools), "operation")}`,
  );
}

/** --base-url held to the rules of a base address here, as a usage error (exit 2), not the tool's failure (exit 1). */
function checkedBaseUrl(baseUrl: string | undefined): string | undefined {
  const checked = baseUrl !== undefined ? checkAddress(baseUrl) : undefined;
  if (checked && "problem" in checked)
    throw new UsageError(
      "BW3003",
      `--base-url ${checked.problem}, got ` +
        `${checked.withhold ? "(address with credentials withheld)" : JSON.stringify(baseUrl)}`,
    );
  return baseUrl;
}
