// A concept's entry in the surface: what it records of the linked tools
// (surface-format.ts), and how each kind of change of it is classified —
// breaking, minor or patch, with the rule in words. Each link/<concept>.ts
// declares its entries; link/concepts.ts lists them; emit-surface.ts writes
// what they record and src/changes/classify.ts compares it.
import { canonical } from "../common/canonical-json.js";
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { ProviderIR } from "./ir.js";
import type { Schema, SurfaceSchemas } from "../load/openapi-document.js";
import type { Shape, Surface, ToolSurface } from "./surface-format.js";

export type Level = "breaking" | "minor" | "patch";

export interface Change {
  level: Level;
  provider: string;
  /** The tool (operation id); absent for package-wide changes (auth). */
  tool?: string;
  /** What changed, e.g. `param maxResults`, `output metadata.totalItems`. */
  subject: string;
  /** The rule that classified it, in words. */
  rule: string;
  /**
   * Its kind id (changes/surface-kinds.ts: the ids `upstream` gives, where they meet) and its severity for a caller.
   */
  kind?: string;
  severity?: "breaking" | "non-breaking" | "informational";
  /** Before and after, when they are values. */
  from?: unknown;
  to?: unknown;
  /** Its id in every report (changes/gate-policy.ts changeId), set by `diff`. */
  id?: string;
  /** Listed in the project's accepted changes, not past its expiry: reported, never failing the gate. */
  accepted?: { reason: string; expires: string };
}

/** How one kind of change is classified. */
export interface ChangeKind {
  level: Level;
  /** The rule, in words: `limit tightened`. */
  rule: string;
}

/** Every kind of change of an entry, classified. */
export type Classification<K extends string> = Readonly<Record<K, ChangeKind>>;

/** Report a change of `kind`: `subject` overrides the entry's, `what` ends the rule (`limit tightened: maximum`). */
export type Report<K extends string> = (
  kind: K,
  detail?: { subject?: string; what?: string; from?: unknown; to?: unknown },
) => void;

export interface SurfaceContext {
  packageName: string;
  packageVersion: string;
  generator: { name: string; version: string };
  /** Each input file's SHA-256 by project-relative path (readHashes). */
  read: Record<string, string>;
  /**
   * The schema of the response body an operation's outputs read (OpenApiDocument.bodyResponse), and a resolver for its
   * `$ref`s.
   */
  bodySchema(operationId: string): Schema | undefined;
  /** The schema of an operation's request body (what `json` body parameters are recorded from). */
  requestSchema(operationId: string): Schema | undefined;
  resolveRef(ref: string): Schema | undefined;
  /**
   * The document's declaration of where a parameter goes (load/openapi-document.ts SurfaceSchemas); absent from
   * contexts that do not read a document.
   */
  declaredAt?: SurfaceSchemas["declaredAt"];
  security?: SurfaceSchemas["security"];
  /** The security schemes the manifest's credential uses (auth, also, alternatives). */
  authSchemes?: string[];
}

/**
 * What a tool's entries read besides the tool: the context, and response bodies' shapes, each built once per surface.
 */
export interface ToolSurfaceContext extends SurfaceContext {
  /** The body's shape; a `$ref`ed schema in it is `{ ref }`, recorded in the surface's `shapes`. */
  bodyShape(root: Schema): Shape;
  /** The shape a `{ ref }` names (any other shape as it is). */
  resolveShape(shape: Shape): Shape;
}

/** An entry; its name (in a surface's `concepts`, and in the table of fields) is its key in link/concepts.ts. */
interface Entry<V, K extends string> {
  /** The subject of its changes, unless a change names its own. */
  subject: string;
  changes: Classification<K>;
  /** Recorded by surfaces from before they listed their concepts. */
  legacy?: true;
  /** Every change from `a` to `b` (undefined: not declared), by kind. */
  diff(a: V | undefined, b: V | undefined, report: Report<K>): void;
}

/** A package-wide entry: recorded at the top of the surface. */
export interface ProviderEntry<V = unknown, K extends string = string> extends Entry<V, K> {
  scope: "provider";
  record(ir: ProviderIR): Partial<Surface>;
  read(surface: Surface): V | undefined;
}

/** A tool's entry: recorded in the tool's part of the surface. */
export interface ToolEntry<V = unknown, K extends string = string> extends Entry<V, K> {
  scope: "tool";
  record(tool: ToolSpec, ctx: ToolSurfaceContext): Partial<ToolSurface>;
  read(tool: ToolSurface): V | undefined;
}

/** Any entry (a method's parameters are bivariant: an entry of any value and kinds is one). */
export type SurfaceEntry = ProviderEntry | ToolEntry;

/** Changes of a JSON value: declared, no longer declared, or different. */
export type ValueChange = "added" | "removed" | "changed";

/** A value whose every change is one kind of change: a level and a rule for added, removed and changed alike. */
export function anyChange(level: Level, rule: string): Classification<ValueChange> {
  return { added: { level, rule }, removed: { level, rule }, changed: { level, rule } };
}

/** Report `added`, `removed` or `changed` between two JSON values (compared as canonical JSON). */
export function diffValue<V>(a: V | undefined, b: V | undefined, report: Report<ValueChange>): void {
  if (a === undefined && b !== undefined) report("added", { to: b });
  else if (a !== undefined && b === undefined) report("removed", { from: a });
  else if (canonical(a) !== canonical(b)) report("changed", { from: a, to: b });
}

/** Changes of a limit, where a smaller value is the tighter one. */
export type LimitChange = "added" | "removed" | "tightened" | "loosened";

/**
 * Report a maximum's change: lowered or added is tighter, raised or removed
 * looser. `unset`: the value that holds when none is declared (a default),
 * compared like any other.
 */
export function diffMaximum(
  a: number | undefined,
  b: number | undefined,
  report: Report<LimitChange>,
  unset = Number.POSITIVE_INFINITY,
): void {
  if (a === b) return;
  const before = a ?? unset;
  const after = b ?? unset;
  if (a === undefined) report(after < before ? "added" : "loosened", { to: b });
  else if (b === undefined) report(after < before ? "tightened" : "removed", { from: a });
  else report(after < before ? "tightened" : "loosened", { from: a, to: b });
}
