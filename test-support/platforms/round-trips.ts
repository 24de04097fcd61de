// The round trips of `generate --target n8n` and `--target sim` over a
// project's providers, as the contract tests (contract-tests/n8n, sim) and the
// corpus run (scripts/corpus/platforms.ts) take them. n8n: each package lints
// with n8n's node linter and builds, and one workflow on n8n's engine runs
// every operation against the providers' mocks — the first node emits one
// item holding every operation's values, each operation's node reads them by
// expression. Sim: the files copied over a Sim tree type-check against Sim's
// own types, and each ToolConfig run as Sim's executor runs one answers. Each
// result beside the output executeTool gives for the same values.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolResult, ToolSpec } from "@blockwright/runtime/internal";
import { valuesOf } from "../../src/contract/inputs/values.js";
import { linkProvider } from "../../src/emit/link-provider.js";
import { n8nNames, n8nNodeView } from "../../src/emit/platforms/n8n-node.js";
import type { ProviderIR } from "../../src/model/ir.js";
import { camelCase } from "../../src/model/naming.js";
import { baseUrlField, inCredential, N8N_COLLECTION, n8nOperationInputs } from "../../src/model/platform-inputs.js";
import {
  buildPackages,
  type LintProblem,
  linkN8nPackage,
  lintPackages,
  type N8nBinary,
  type N8nJob,
  type N8nRun,
  runN8nWorkflows,
  type SimToolConfig,
  type SimToolResponse,
  simExecuteTool,
  simTree,
  typeCheckSim,
} from "./tools.js";

/** Items a list operation's node gathers ("Limit"): enough to see pages gathered, few enough for any mock. */
export const LIMIT = 2;

/** A project's providers as the round trips take them: their IR, where their specs and packages are. */
export interface PlatformProject {
  root: string;
  specsDir: string;
  /** The providers' generated packages (`generated/`). */
  packagesDir: string;
  irs: ProviderIR[];
}

/** executeTool of the provider's package (or a registry's, in the tests). */
export type Execute = (
  provider: string,
  operationId: string,
  params: Record<string, unknown>,
  options: Record<string, unknown>,
) => Promise<ToolResult<object>>;

/** One operation with the values the derived contract cases send (valid, and answered by the provider's mock). */
export interface PlatformOperation {
  ir: ProviderIR;
  tool: ToolSpec;
  input: Record<string, unknown>;
}

export async function platformOperations(project: PlatformProject): Promise<PlatformOperation[]> {
  const out: PlatformOperation[] = [];
  for (const ir of project.irs) {
    const { document } = await linkProvider(project.root, join(project.specsDir, ir.provider));
    for (const { tool } of ir.operations) out.push({ ir, tool, input: valuesOf(tool, document).minimal() });
  }
  return out;
}

/** The package's name, from its package.json in `dir`. */
export const packageName = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name: string }).name;

/**
 * Where a call's address goes: the credential's field for another address, else the provider's instance address
 * parameter.
 */
function addressField(ir: ProviderIR, tool: ToolSpec): string {
  return baseUrlField(ir.operations.map((o) => o.tool)) ?? tool.server.param ?? "baseUrl";
}

/**
 * executeTool's result for the operation's values against `address`, with the options a node's or a Sim tool's call
 * takes.
 */
async function direct(
  execute: Execute,
  op: PlatformOperation,
  address: string,
  options: Record<string, unknown>,
): Promise<ToolResult<object>> {
  const params = op.tool.server.param ? { ...op.input, [op.tool.server.param]: address } : op.input;
  return execute(op.ir.provider, op.tool.id, params, {
    ...(op.tool.server.param ? {} : { baseUrl: address }),
    ...options,
  });
}

// ---- n8n ---------------------------------------------------------------------------

/**
 * An operation's node in the workflow: its name, type, parameters (read by expression from the first item) and
 * credential.
 */
export interface N8nCase {
  op: PlatformOperation;
  node: string;
  type: string;
  parameters: Record<string, unknown>;
  values: Record<string, unknown>;
  /** The files of the operation's values, by the binary field of the input item its property names. */
  files: Record<string, Blob>;
  credential: Record<string, unknown>;
}

/**
 * The node of one operation, its properties and credential holding `op`'s values as the generator laid them out, calls
 * going to `address`.
 */
export function n8nCase(op: PlatformOperation, n8nDir: string, address: string): N8nCase {
  const { ir, tool, input } = op;
  const layout = n8nOperationInputs(tool);
  const parameters: Record<string, unknown> = { operation: tool.id };
  // Past five operations the node has resources: the operation shows under its own.
  const operation = (
    n8nNodeView(ir, n8nNames(ir)).description.properties as {
      name: string;
      options?: { value: unknown }[];
      displayOptions?: { show?: { resource?: string[] } };
    }[]
  ).find((p) => p.name === "operation" && p.options?.some((o) => o.value === tool.id));
  const resource = operation?.displayOptions?.show?.resource?.[0];
  if (resource) parameters.resource = resource;
  const collection: Record<string, unknown> = {};
  const values: Record<string, unknown> = {};
  const files: Record<string, Blob> = {};
  for (const i of layout.inputs) {
    const value = input[i.param.name];
    if (value === undefined) continue;
    // A file: the input item's binary field of that name holds it, and the property names the field.
    if (i.as === "file" && value instanceof Blob) {
      const field = `${tool.id}_${i.param.name}`;
      files[field] = value;
      if (i.place === "node") parameters[i.property] = field;
      else collection[i.property] = field;
      continue;
    }
    // A list of files: a binary field for each, the property naming them all, comma-separated.
    if (i.as === "files" && Array.isArray(value) && value.every((v) => v instanceof Blob)) {
      const fields = value.map((file: Blob, k) => {
        const field = `${tool.id}_${i.param.name}_${k}`;
        files[field] = file;
        return field;
      });
      if (i.place === "node") parameters[i.property] = fields.join(",");
      else collection[i.property] = fields.join(",");
      continue;
    }
    values[i.param.name] = value;
    // Every value comes from the first node's item, by n8n's expressions.
    const expression = `={{ $json[${JSON.stringify(tool.id)}][${JSON.stringify(i.param.name)}] }}`;
    if (i.place === "node") parameters[i.property] = expression;
    else collection[i.property] = expression;
  }
  if (Object.keys(collection).length) parameters[N8N_COLLECTION] = collection;
  if (layout.paging) Object.assign(parameters, { [layout.paging.returnAll]: false, [layout.paging.limit]: LIMIT });
  // Under the credential's own field names, as n8n stores them (a secret may take a field name of its own).
  const fields: Record<string, string> = Object.fromEntries(n8nNodeView(ir, n8nNames(ir)).node.credentialFields ?? []);
  const credential: Record<string, unknown> = Object.fromEntries(
    tool.params
      .filter((p) => inCredential(p) && input[p.name] !== undefined)
      .map((p) => [fields[p.name] ?? p.name, input[p.name]]),
  );
  credential[addressField(ir, tool)] = address;
  return {
    op,
    node: `${ir.provider}: ${tool.id}`,
    type: `${packageName(join(n8nDir, ir.provider))}.${n8nNames(ir).type}`,
    parameters,
    values,
    files,
    credential,
  };
}

/** Each package of `n8nDir` linked to its tools and provider package, and built (its build.mjs). */
export async function prepareN8n(project: PlatformProject, n8nDir: string): Promise<void> {
  for (const ir of project.irs)
    linkN8nPackage(join(n8nDir, ir.provider), {
      name: packageName(join(project.packagesDir, ir.provider)),
      dir: join(project.packagesDir, ir.provider),
    });
  await buildPackages(project.irs.map((ir) => join(n8nDir, ir.provider)));
}

/** n8n's linter's problems of each provider's package. */
export async function lintN8n(
  project: PlatformProject,
  n8nDir: string,
  scratch: string,
): Promise<Record<string, LintProblem[]>> {
  const problems = await lintPackages(
    project.irs.map((ir) => join(n8nDir, ir.provider)),
    scratch,
  );
  return Object.fromEntries(project.irs.map((ir) => [ir.provider, problems[join(n8nDir, ir.provider)] ?? []]));
}

export interface N8nRoundTrip {
  run: N8nRun;
  /** Each operation: the items its node gave, and executeTool's result for the same values. */
  results: { case: N8nCase; items: unknown[]; direct: ToolResult<object> }[];
  /** The runs of the jobs given to run alongside it, in order. */
  alongside: N8nRun[];
}

/** The files of the cases as the one input item's binary data. */
async function binaryOf(cases: N8nCase[]): Promise<Record<string, N8nBinary>> {
  const out: Record<string, N8nBinary> = {};
  for (const c of cases) {
    for (const [field, file] of Object.entries(c.files)) {
      out[field] = {
        data: Buffer.from(await file.arrayBuffer()).toString("base64"),
        mimeType: file.type || "application/octet-stream",
        fileName: file instanceof File ? file.name : field,
      };
    }
  }
  return out;
}

/**
 * What executeTool's result is as a node's items, as n8nRoundTrip reads them: its output (a downloaded file's bytes
 * the item's binary data, in base64, in the order the output holds them), or (the node set to continue on a
 * failure) its error.
 */
export function n8nItemsOf(result: ToolResult<object>): unknown[] {
  if (!result.success) return [{ error: result.error, ...(result.partial ? { partial: result.partial.output } : {}) }];
  const files: string[] = [];
  const json: unknown = JSON.parse(
    JSON.stringify(result.output, (_key, value) =>
      value instanceof Uint8Array ? void files.push(Buffer.from(value).toString("base64")) : value,
    ),
  );
  return [files.length ? { json, files } : json];
}

/**
 * A node's item as n8nItemsOf gives executeTool's: its JSON, and the bytes of its binary data (base64) when it has
 * some.
 */
function itemRead(item: { json: unknown; binary?: Record<string, { data?: string }> }): unknown {
  const files = Object.values(item.binary ?? {}).map((b) => b.data);
  return files.length ? { json: item.json, files } : item.json;
}

/**
 * Every operation of the project in one workflow on n8n's engine (prepareN8n first), against `mocks` (by provider),
 * beside executeTool's results. Each node continues on a failure (its item the error), so that one operation's
 * failure leaves the others to run. `alongside`: workflows of their own run after it by the same engine process
 * (n8n-core loaded once).
 */
export async function n8nRoundTrip(
  project: PlatformProject,
  n8nDir: string,
  mocks: Record<string, string>,
  home: string,
  execute: Execute,
  alongside: readonly N8nJob[] = [],
): Promise<N8nRoundTrip> {
  const cases = (await platformOperations(project)).map((op) => n8nCase(op, n8nDir, mocks[op.ir.provider] ?? ""));
  // One credential per provider: what its operations' cases give.
  const credentials: Record<string, Record<string, unknown>> = {};
  for (const c of cases) {
    const name = n8nNames(c.op.ir).credential;
    credentials[name] = { ...credentials[name], ...c.credential };
  }
  const [trip, ...others] = await runN8nWorkflows(
    [
      {
        packages: project.irs.map((ir) => join(n8nDir, ir.provider)),
        items: [Object.fromEntries(cases.map((c) => [c.op.tool.id, c.values]))],
        binary: [await binaryOf(cases)],
        nodes: cases.map((c, i) => ({
          id: `n${i}`,
          name: c.node,
          type: c.type,
          typeVersion: 1,
          position: [200, i * 100],
          parameters: c.parameters,
          credentials: { [n8nNames(c.op.ir).credential]: { id: c.op.ir.provider, name: c.op.ir.provider } },
          onError: "continueRegularOutput",
        })),
        credentials,
      },
      ...alongside,
    ],
    home,
  );
  const run = trip!;
  const results = [];
  for (const c of cases) {
    const items = (run.nodes[c.node]?.[0]?.items ?? []).map(itemRead);
    results.push({
      case: c,
      items,
      direct: await direct(
        execute,
        c.op,
        mocks[c.op.ir.provider] ?? "",
        c.op.tool.pagination ? { allPages: true, maxItems: LIMIT } : {},
      ),
    });
  }
  return { run, results, alongside: others };
}

// ---- Sim ---------------------------------------------------------------------------

/**
 * The Sim files of `simDir` copied over a Sim tree in `treeDir` (simTree), and TypeScript's messages about them,
 * checked as apps/sim checks its own.
 */
export async function typeCheckSimFiles(
  project: PlatformProject,
  simDir: string,
  treeDir: string,
): Promise<{ files: string[]; errors: string[] }> {
  const files = simTree(
    treeDir,
    simDir,
    project.irs.map((ir) => ({
      id: ir.provider,
      name: packageName(join(project.packagesDir, ir.provider)),
      dir: join(project.packagesDir, ir.provider),
    })),
  );
  return { files, errors: await typeCheckSim(treeDir, files) };
}

/**
 * Whether Sim's executor can send the operation's request with `input` from the ToolConfig's builders: it sends a
 * body only as text, so not a multipart form or a file body (nor a file read before the request), whose builders
 * refuse, naming why. Such a tool is generated as Sim's directExecution, the package making the call
 * (docs/guides/sim.md, "Tools whose request the package makes"), so a Sim tool run as Sim runs it gives no such
 * refusal: one (SIM_REFUSAL) where this is false means the directExecution was not generated.
 */
export function simSends(tool: ToolSpec, input: Record<string, unknown>): boolean {
  if (tool.body?.encoding === "multipart" || tool.body?.encoding === "binary") return false;
  return !tool.params.some((p) => p.type === "file" && input[p.name] !== undefined);
}

/** The refusal a Sim tool's request builders give for a request Sim's executor cannot send (simSends false). */
export const SIM_REFUSAL = /its request body is not text|a file is read before its request is built/;

/**
 * Every operation's ToolConfig of the Sim tree (typeCheckSimFiles first), run as Sim's executor runs one against
 * `mocks`, beside executeTool's results; `sends`: simSends for the operation's values.
 */
export async function simRoundTrip(
  project: PlatformProject,
  treeDir: string,
  mocks: Record<string, string>,
  execute: Execute,
): Promise<{ op: PlatformOperation; sim: SimToolResponse; direct: ToolResult<object>; sends: boolean }[]> {
  const out = [];
  for (const op of await platformOperations(project)) {
    const { ir, tool } = op;
    const address = mocks[ir.provider] ?? "";
    const file = tool.id.startsWith(`${ir.provider}_`) ? tool.id.slice(ir.provider.length + 1) : tool.id;
    const module = (await import(
      /* @vite-ignore */ join(treeDir, "apps/sim/tools", ir.provider, `${file}.ts`)
    )) as Record<string, SimToolConfig>;
    const config = module[`${camelCase(tool.id)}Tool`];
    if (!config)
      throw new Error(`${tool.id}: no ${camelCase(tool.id)}Tool in apps/sim/tools/${ir.provider}/${file}.ts`);
    const sim = await simExecuteTool(config, { ...op.input, [addressField(ir, tool)]: address });
    out.push({ op, sim, direct: await direct(execute, op, address, {}), sends: simSends(tool, op.input) });
  }
  return out;
}
