// The `diff` half of the history bench: each vendor's versions taken as a
// new user would, through the built command in a scratch project —
// `add` from the oldest version, `generate`; then for each newer version
// `upstream <p> <newer> --accept`, `generate` and `diff --base-dir <the
// generation before> --format json` — and every change diff reports placed
// as the truth places its entries (operation, location, pointer), through
// the manifest `add` drafted. A package only holds what its manifest binds:
// truth entries at places the draft does not bind (a response field outside
// the outputs, a credential the package does not take) are counted apart
// as unbound, not as missed.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import jsyaml from "js-yaml";
import { parseDocument } from "yaml";
import { KINDS } from "../../src/changes/kinds.js";
import type { Reported, Truth, TruthEntry } from "./history-score.js";
import { historyWorkflow, namedLines } from "./history-workflow.js";
import type { Surface } from "../../src/changes/surface.js";

interface ManifestOperation {
  operationId: string;
  outputs?: Record<string, { from?: string }>;
}

/** A parameter's place as the surface writes it: `query:<name>`, `body:<pointer>`, `auth`, … */
type Wires = Record<string, Record<string, string>>;

interface Manifest {
  auth?: { scheme?: string; alternatives?: { scheme?: string }[] };
  operations: Record<string, ManifestOperation>;
}

interface DiffChange {
  tool?: string;
  subject: string;
  kind: string;
  severity: Reported["severity"];
  rule: string;
}

/** One stored version written out as the files a user would have: its root's path. */
export type WriteVersion = (into: string) => string;

export interface DiffRun {
  /** Per newer version (index 1…): what diff reported, placed, and the truth entries the draft binds no place of. */
  reports: (
    | { reported: Reported[]; binds: (t: TruthEntry) => boolean; lines: ReturnType<typeof namedLines> }
    | { failed: string }
  )[];
}

const BIN = join(dirname(new URL(import.meta.url).pathname), "../../bin/blockwright.js");

function blockwright(cwd: string, args: string[]): string {
  try {
    return execFileSync(process.execPath, [BIN, ...args], {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (e) {
    const failed = e as { status?: number; stdout?: string; stderr?: string };
    // upstream and diff exit 1 when there are changes to review: their report is on stdout all the same.
    if (failed.status === 1 && (args[0] === "upstream" || args[0] === "diff")) return failed.stdout ?? "";
    throw new Error(
      `blockwright ${args.join(" ")} exited ${failed.status}: ` +
        `${(failed.stderr ?? "").trim().split("\n").slice(-3).join(" / ")}`,
    );
  }
}

/**
 * `generate`, and where it refuses what a user fixes by hand after taking a newer version, what the user would do,
 * then `generate` again: an example the manifest drafted from the older version that the newer one no longer accepts
 * is dropped; a parameter the newer document no longer has (generate names it at its line, as the issue asks) is
 * deleted from the manifest, and so is an operation's paging through one.
 */
function generateAsAUserWould(project: string, provider: string): void {
  for (let attempt = 0; ; attempt++) {
    try {
      blockwright(project, ["generate"]);
      return;
    } catch (e) {
      const message = (e as Error).message;
      const examples = [...message.matchAll(/manifest\.yaml:\d+:\d+: ([\w.]+)\.example: example /g)].map((m) => [
        ...(m[1] ?? "").split("."),
        "example",
      ]);
      const gone = [
        ...message.matchAll(
          /manifest\.yaml:\d+:\d+: ([\w.]+)\.wire: (?:path|query|header) parameter "[^"]*" not found/g,
        ),
      ].map((m) => (m[1] ?? "").split("."));
      // Paging through a parameter the newer document no longer has: the user drops the paging (allPages goes with it).
      const paging = [
        ...message.matchAll(
          /manifest\.yaml:\d+:\d+: ([\w.]+)\.pagination\.[\w.]+: (?:path|query|header) parameter "[^"]*" not found/g,
        ),
      ].map((m) => [...(m[1] ?? "").split("."), "pagination"]);
      if (attempt > 3 || (!examples.length && !gone.length && !paging.length)) throw e;
      const file = join(project, "specs", provider, "manifest.yaml");
      const doc = parseDocument(readFileSync(file, "utf8"));
      for (const path of [...examples, ...gone, ...paging]) doc.deleteIn(path);
      writeFileSync(file, doc.toString());
    }
  }
}
/** Where the pair's changes sit: the manifest, and the parameters of both generations (the older's in base/). */
function pairPlacer(
  project: string,
  provider: string,
  manifest: Manifest,
  statuses: Record<string, string>,
): { placer: Placer; older: Surface } {
  const surface = JSON.parse(readFileSync(join(project, "generated", provider, "surface.json"), "utf8")) as Surface;
  // The parameters of both generations: one the newer document removed is still placed (and bound) where it was.
  const older = JSON.parse(readFileSync(join(project, "base", provider, "surface.json"), "utf8")) as Surface;
  const wires: Wires = {};
  // The parameters whose value has fields (json): a place below one is bound; below a text or a number, none is.
  const holders = new Set<string>();
  for (const s of [older, surface])
    for (const [id, t] of Object.entries(s.tools))
      for (const [n, p] of Object.entries(t.params)) {
        (wires[id] ??= {})[n] = p.wire ?? "";
        if (p.type === "json") holders.add(`${id} ${p.wire ?? ""}`);
      }
  return { placer: new Placer(manifest, wires, holders, statuses), older };
}

/** The vendor's versions through add, generate, upstream --accept and diff, in one scratch project. */
export function diffRun(
  vendor: string,
  versions: WriteVersion[],
  operationIds: string[],
  statuses: Record<string, string>[],
  truths: Truth[],
): DiffRun {
  const project = mkdtempSync(join(tmpdir(), `blockwright-history-${vendor}-`));
  try {
    const provider = `zq${vendor.replace(/[^a-z0-9]/g, "")}`;
    mkdirSync(join(project, "specs"), { recursive: true });
    writeFileSync(
      join(project, "package.json"),
      `${JSON.stringify({ name: "history-bench", private: true, type: "module" })}\n`,
    );
    const first = versions[0];
    if (!first) return { reports: [] };
    blockwright(project, [
      "add",
      provider,
      "--from",
      first(join(project, "v0")),
      "--operations",
      operationIds.join(","),
    ]);
    blockwright(project, ["generate"]);
    const reports: DiffRun["reports"] = [];
    for (let i = 1; i < versions.length; i++) {
      const write = versions[i];
      if (!write) continue;
      try {
        rmSync(join(project, "base"), { recursive: true, force: true });
        cpSync(join(project, "generated"), join(project, "base"), { recursive: true });
        blockwright(project, ["upstream", provider, write(join(project, `v${i}`)), "--accept"]);
        generateAsAUserWould(project, provider);
        const manifest = jsyaml.load(
          readFileSync(join(project, "specs", provider, "manifest.yaml"), "utf8"),
        ) as Manifest;
        const { placer, older } = pairPlacer(project, provider, manifest, statuses[i] ?? {});
        // A workflow written against the older package, using every breaking change of the truth the manifest binds.
        const workflow = historyWorkflow(
          provider,
          older,
          manifest,
          (truths[i - 1]?.changes ?? []).filter((t) => t.severity === "breaking" && placer.binds(t)),
        );
        mkdirSync(join(project, "workflows"), { recursive: true });
        writeFileSync(join(project, "workflows", "zq-history.yaml"), workflow.text);
        const reportText = blockwright(project, [
          "diff",
          "--base-dir",
          "base",
          "--workflows",
          "workflows/zq-history.yaml",
          "--format",
          "json",
        ]);
        if (process.env.HISTORY_KEEP) {
          writeFileSync(join(project, `diff-v${i}.json`), reportText);
          writeFileSync(join(project, `workflow-v${i}.yaml`), workflow.text);
          cpSync(join(project, "base"), join(project, `generated-v${i - 1}`), { recursive: true });
          cpSync(join(project, "specs"), join(project, `specs-v${i}`), { recursive: true });
        }
        const report = JSON.parse(reportText) as {
          packages: { changes: DiffChange[] }[];
          workflows?: { line: number; message: string }[];
        };
        reports.push({
          reported: report.packages.flatMap((p) => p.changes).flatMap((c) => placer.place(c) ?? []),
          binds: (t) => placer.binds(t),
          lines: namedLines(workflow, report.workflows ?? []),
        });
      } catch (e) {
        // A pair that stops: its reason in its row; the later ones cannot start from it.
        reports.push({ failed: (e as Error).message });
        break;
      }
    }
    return { reports };
  } finally {
    // HISTORY_KEEP=1 keeps the scratch project (its path printed) to look into.
    if (process.env.HISTORY_KEEP) process.stderr.write(`kept ${project}\n`);
    else rmSync(project, { recursive: true, force: true });
  }
}

/** Where a diff change sits in the truth's terms, and which truth places the manifest binds at all. */
class Placer {
  private readonly byTool = new Map<string, ManifestOperation>();
  private readonly byOperation = new Map<string, ManifestOperation>();
  private readonly wiresOf = new Map<string, Record<string, string>>();
  private readonly schemes: Set<string>;
  /** Per operationId, the wires of its parameters whose value has fields. */
  private readonly holdersOf = new Map<string, Set<string>>();

  constructor(
    manifest: Manifest,
    wires: Wires,
    holders: ReadonlySet<string>,
    private readonly statuses: Record<string, string>,
  ) {
    for (const [id, op] of Object.entries(manifest.operations ?? {})) {
      this.byTool.set(id, op);
      this.byOperation.set(op.operationId, op);
      this.wiresOf.set(op.operationId, wires[id] ?? {});
      this.holdersOf.set(
        op.operationId,
        new Set(Object.values(wires[id] ?? {}).filter((w) => holders.has(`${id} ${w}`))),
      );
    }
    this.schemes = new Set(
      [manifest.auth?.scheme, ...(manifest.auth?.alternatives ?? []).map((a) => a.scheme)].filter((s): s is string =>
        Boolean(s),
      ),
    );
  }

  place(c: DiffChange): Reported | undefined {
    const op = c.tool ? this.byTool.get(c.tool) : undefined;
    if (!op) return undefined;
    const [what, name = "", ...rest] = c.subject.split(" ");
    const path = rest.filter((r) => r !== "items").join("");
    // What only a package has (an example, a declared error status, …) is no change of the published document's:
    // outside the truth.
    if (!(c.kind in KINDS) && c.severity === "informational") return undefined;
    // A concept only a package has (paging, polling, …: the user's edit after an upstream change), whatever its grade.
    if (
      !(c.kind in KINDS) &&
      !["param", "output", "security", "tool", "description", "deprecated"].includes(what ?? "")
    )
      return undefined;
    const base = {
      kind: c.kind,
      operation: op.operationId,
      ...(c.severity ? { severity: c.severity } : {}),
      text: `${c.tool} ${c.subject}: ${c.kind} (${c.severity}: ${c.rule})`,
    };
    if (what === "security") return { ...base, location: "security", pointer: name };
    // `success status 201`: the answer under that status, as a whole.
    if (what === "success") return { ...base, location: `response.${rest[0] ?? ""}.body`, pointer: "/" };
    if (what === "param") {
      const [where = "", at = name] = splitWire(this.wiresOf.get(op.operationId)?.[name] ?? "");
      if (where === "body") return { ...base, location: "request.body", pointer: joinPointer(at, path) };
      return { ...base, location: `request.parameter.${where}`, pointer: at };
    }
    if (what === "output") {
      const from = op.outputs?.[name]?.from ?? "";
      const header = /^\$response\.header\.(.+)$/.exec(from);
      if (header)
        return { ...base, location: `response.${this.status(op.operationId)}.header`, pointer: header[1] ?? "" };
      return {
        ...base,
        location: `response.${this.status(op.operationId)}.body`,
        pointer: joinPointer(from.replace(/^\$response\.body#?/, ""), path),
      };
    }
    return { ...base, location: "operation", pointer: "" };
  }

  /**
   * Whether the manifest binds the truth entry's place: an operation it calls, and there a parameter, field, output or
   * credential it holds.
   */
  binds(t: TruthEntry): boolean {
    const op = this.byOperation.get(t.operation);
    if (!op) return false;
    // The package records each operation's success statuses, whatever it reads of their answers.
    if (t.location === "operation" || /^response-success-status-/.test(t.id)) return true;
    if (t.location === "security") return this.schemes.has(t.pointer);
    const wires = Object.values(this.wiresOf.get(t.operation) ?? {}).map(splitWire);
    const parameter = /^request\.parameter\.(\w+)$/.exec(t.location);
    if (parameter) return wires.some(([where, at]) => where === parameter[1] && at === t.pointer);
    const under = (prefix: string) =>
      prefix === "" || prefix === "/" || t.pointer === prefix || t.pointer.startsWith(`${prefix}/`);
    // A body field the manifest sends, or a place inside one whose value has fields (a json parameter).
    const holders = this.holdersOf.get(t.operation) ?? new Set<string>();
    if (t.location === "request.body")
      return wires.some(
        ([where, at]) => where === "body" && (t.pointer === at || (under(at) && holders.has(`body:${at}`))),
      );
    if (/^response\.\d+\.body$/.test(t.location))
      return Object.values(op.outputs ?? {}).some(
        (o) => o.from?.startsWith("$response.body") && under(pointerOfFrom(o.from)),
      );
    if (/^response\.\d+\.header$/.test(t.location))
      return Object.values(op.outputs ?? {}).some(
        (o) => o.from?.toLowerCase() === `$response.header.${t.pointer.toLowerCase()}`,
      );
    return false;
  }

  /** The operation's first 2xx status in the newer document. */
  private status(operationId: string): string {
    return this.statuses[operationId] ?? "200";
  }
}

const splitWire = (wire: string): [string, string] => {
  const colon = wire.indexOf(":");
  return colon < 0 ? [wire, ""] : [wire.slice(0, colon), wire.slice(colon + 1)];
};

const pointerOfFrom = (from: string) => from.replace(/^\$response\.body#?/, "");

/** A JSON pointer and a diff field path (`.a[].b`, `.*` for a map's values) as one truth pointer (`/a/*\/b`, `{}`). */
function joinPointer(pointer: string, path: string): string {
  const steps = [...path.matchAll(/\.([^.[\]]+)|\[\]/g)].map((m) =>
    m[1] === undefined ? "*" : m[1] === "*" ? "{}" : m[1],
  );
  const joined = [pointer === "/" ? "" : pointer, ...steps].join("/");
  return joined || "/";
}
