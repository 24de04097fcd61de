// openapi-typescript's declarations of a document made and printed a piece at a time: a few paths, or a few components
// of a kind, at a time, transformed by openapi-typescript's own transform of the object that holds them (given those
// entries), printed, and let go before the next. openapiTS() builds the tree of the whole document before it prints a
// line: a whole published API's (45 MiB, 22,000 operations) is 1.4 GiB, made on top of all a generation holds then.
//
// The pieces are assembled as transformSchema assembles its roots (paths, webhooks, components, $defs, then what the
// transform put in `injectFooter`: the operations interface, the helpers), and printed as type-printer.ts prints the
// whole (a member's lines from its list's indent); a member holding a node that printer does not know is printed by
// TypeScript's printer in a declaration of that member alone, its lines taken from there. emit-types.test.ts holds the
// text equal to openapiTS()'s, and type-parts.test.ts to the whole tree's print on drawn documents.
import type { GlobalContext, OpenAPI3, transformComponentsObject, transformPathsObject } from "openapi-typescript";
import type * as TS from "typescript";
import { type Printer, piecePrinter, Unprintable } from "./type-printer.js";

/** What the assembly takes of openapi-typescript's bundle. */
export interface Transforms {
  readonly ts: typeof TS;
  readonly transformSchema: (schema: OpenAPI3, ctx: GlobalContext) => TS.Node[];
  readonly transformPathsObject: typeof transformPathsObject;
  readonly transformComponentsObject: typeof transformComponentsObject;
}

/** How a node the printer does not know is printed: a statement alone in the namespace, or a member at `depth`. */
export interface Fallbacks {
  readonly statement: (node: TS.Node) => string;
  readonly member: (node: TS.Node, depth: number) => string;
}

/** The operations interface's members as the transform adds them (emit-types.ts's collector calls `add`). */
export interface OperationsSink {
  readonly node: TS.Node;
  add?: (member: TS.TypeElement) => void;
  /** The interface, or its `Record<string, never>` alias when no operation has an id (for the statement's print). */
  readonly empty: () => TS.Statement;
}

/** The roots of transformSchema, in its order; its result holds one statement for each, then the footer's. */
const ROOTS = ["paths", "webhooks", "components", "$defs"] as const;
/** The component kinds transformComponentsObject makes members of, in its order. */
const KINDS = ["schemas", "responses", "parameters", "requestBodies", "headers", "pathItems"] as const;
/**
 * Paths or components transformed by one call: the tree of so many at a time, and the transform's fixed cost of a call
 * (a component's call times and logs each of the six kinds) spread over them.
 */
const BATCH = 32;
/** Pieces a printer holds before its text is handed on. */
const HELD_PIECES = 4096;

/**
 * `export declare namespace <name> { … }` of the document's declarations, in parts as they are made: each part's
 * tree let go once it is printed; the operations' members, which come last, held as text until then.
 */
export function* namespaceParts(
  api: Transforms,
  schema: OpenAPI3,
  ctx: GlobalContext,
  operations: OperationsSink,
  name: string,
  fallbacks: Fallbacks,
): Generator<string> {
  const out = new PiecePrinter(api.ts, fallbacks);
  const ops = new PiecePrinter(api.ts, fallbacks);
  const opsText: string[] = [];
  let opsCount = 0;
  operations.add = (member) => {
    opsCount++;
    ops.member(member, 2);
    if (ops.full()) opsText.push(ops.take());
  };
  out.p.write(`export declare namespace ${name} {`);
  out.p.writeLine();
  out.p.indent = 1;
  for (const [i, root] of ROOTS.entries()) {
    if (i > 0) out.p.writeLine();
    const value = (schema as unknown as Record<string, unknown>)[root];
    const piecewise = value !== null && typeof value === "object" && (root === "paths" || root === "components");
    if (!piecewise) out.statement(api.transformSchema({ [root]: value } as unknown as OpenAPI3, ctx)[i] as TS.Node);
    else if (root === "paths") yield* pathsParts(api, value as object, ctx, out);
    else yield* componentsParts(api, value as object, ctx, out);
    if (out.full()) yield out.take();
  }
  for (const node of ctx.injectFooter) {
    out.p.writeLine();
    if (node !== operations.node) out.statement(node);
    else if (!opsCount) out.statement(operations.empty());
    else {
      out.p.write("export interface operations {");
      out.p.writeLine();
      yield out.take();
      yield* opsText.splice(0);
      yield ops.take();
      // The members were written by `ops`: this printer is at the last one's end, not at a line's start.
      out.p.rawWrite("");
      out.p.indent = 1;
      out.p.writeLine();
      out.p.write("}");
    }
  }
  out.p.indent = 0;
  out.p.writeLine();
  out.p.write("}");
  out.p.writeLine();
  yield out.take();
}

/** The paths interface, a path at a time (transformPathsObject of that path alone), or its alias when none is made. */
function* pathsParts(api: Transforms, paths: object, ctx: GlobalContext, out: PiecePrinter): Generator<string> {
  let open = false;
  for (const some of batches(Object.entries(paths))) {
    const literal = api.transformPathsObject(some as never, ctx) as TS.TypeLiteralNode;
    for (const member of literal.members) {
      if (!open) {
        out.p.write("export interface paths {");
        open = true;
      }
      out.member(member, 2);
    }
    if (out.full()) yield out.take();
  }
  if (!open) out.statement(api.transformSchema({} as OpenAPI3, ctx)[0] as TS.Node);
  else out.close(1, "}");
}

/**
 * The entries, BATCH at a time, each batch an object of its own: a contiguous run of an object's entries, which keeps
 * their order (integer-like keys first, as in the object).
 */
function* batches(entries: [string, unknown][]): Generator<Record<string, unknown>> {
  for (let i = 0; i < entries.length; i += BATCH) yield Object.fromEntries(entries.slice(i, i + BATCH));
}

/** The components interface, a component at a time (transformComponentsObject of that one alone). */
function* componentsParts(
  api: Transforms,
  components: object,
  ctx: GlobalContext,
  out: PiecePrinter,
): Generator<string> {
  // Each kind without a component: transformComponentsObject's own `<kind>: never` member.
  const none = (api.transformComponentsObject({}, ctx)[0] as TS.TypeLiteralNode).members;
  out.p.write("export interface components {");
  for (const [k, kind] of KINDS.entries()) {
    const items = (components as Record<string, unknown>)[kind];
    const entries = items ? Object.entries(items as object) : [];
    if (!entries.length) {
      out.member(none[k] as TS.Node, 2);
      continue;
    }
    out.p.writeLine();
    out.p.indent = 2;
    out.p.write(`${kind}: {`);
    for (const some of batches(entries)) {
      const made = api.transformComponentsObject({ [kind]: some }, ctx)[0] as TS.TypeLiteralNode;
      const literal = (made.members[k] as TS.PropertySignature).type as TS.TypeLiteralNode;
      for (const member of literal.members) out.member(member, 3);
      if (out.full()) yield out.take();
    }
    out.close(2, "};");
  }
  out.close(1, "}");
}

/** type-printer.ts's printer, with a statement's or a member's fallback, and its text taken as it grows. */
class PiecePrinter {
  readonly p: Printer;
  constructor(
    ts: typeof TS,
    private readonly fallbacks: Fallbacks,
  ) {
    this.p = piecePrinter(ts);
  }

  /** A statement of the namespace (its line begun), whole. */
  statement(node: TS.Node): void {
    this.printed(node, 1, () => this.fallbacks.statement(node));
  }

  /** A member of the list open at `depth - 1`, on a line of its own. */
  member(node: TS.Node, depth: number): void {
    this.p.writeLine();
    this.printed(node, depth, () => this.fallbacks.member(node, depth));
  }

  /** The end of the list open at `depth - 1`: a line, then `tail` at that list's indent. */
  close(depth: number, tail: string): void {
    this.p.indent = depth;
    this.p.writeLine();
    this.p.write(tail);
  }

  full(): boolean {
    return this.p.mark() >= HELD_PIECES;
  }

  take(): string {
    const text = this.p.text();
    this.p.backTo(0);
    return text;
  }

  private printed(node: TS.Node, depth: number, fallback: () => string): void {
    this.p.indent = depth;
    const before = this.p.mark();
    try {
      this.p.emit(node);
    } catch (e) {
      if (!(e instanceof Unprintable)) throw e;
      // Back to the node's start (a line's start, its list's indent), then TypeScript's lines, indent included.
      this.p.backTo(before);
      this.p.rawWrite(fallback());
    }
    this.p.indent = depth;
  }
}
