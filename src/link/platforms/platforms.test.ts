// What diff says a change does to saved n8n workflows and Sim blocks
// (platforms.ts): the surface entries record the n8n properties, the n8n
// credential and the Sim parameters, and classify each change for them.
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../../test-support/runtime/ir-fixtures.js";
import type { ProviderIR } from "../../model/ir.js";
import type { Change, ChangeKind } from "../../model/surface-entry.js";
import { n8nCredentialSurface, n8nSurface, simSurface } from "./platforms.js";

const shelf = irFixture("shelf");
const tool = (id: string) => structuredClone(shelf.operations.find((o) => o.tool.id === id)!.tool);
const withParam = (t: ToolSpec, name: string, change: Partial<ParamSpec>): ToolSpec => ({
  ...t,
  params: t.params.map((p) => (p.name === name ? { ...p, ...change } : p)),
});

/** The changes an entry reports between two tools, as `level subject: rule`. */
function changes(entry: typeof n8nSurface | typeof simSurface, a: ToolSpec, b: ToolSpec): string[] {
  const out: string[] = [];
  const read = (t: ToolSpec) => entry.read(entry.record(t, {} as never) as never);
  entry.diff(read(a) as never, read(b) as never, (kind, detail) => {
    const k = (entry.changes as Record<string, ChangeKind>)[kind]!;
    out.push(
      `${k.level} ${detail?.subject}: ${k.rule}` +
        `${detail && "from" in detail ? ` (${JSON.stringify(detail.from)} → ${JSON.stringify(detail.to)})` : ""}`,
    );
  });
  return out;
}

describe("n8n's node", () => {
  it("a default changed is breaking: n8n saves a workflow without the values equal to their default", () => {
    const a = tool("shelf_list_books");
    expect(changes(n8nSurface, a, withParam(a, "top", { default: 20 }))).toEqual([
      "breaking n8n property top: n8n default changed: n8n saves a workflow without the values equal to their " +
        "default, so those take the new one (10 → 20)",
    ]);
    // Sim's block saves what the user set, default or not: nothing to say there.
    expect(changes(simSurface, a, withParam(a, "top", { default: 20 }))).toEqual([]);
  });

  it(
    "an optional parameter made required moves from the Additional Fields to the node: " +
      "a saved value stays where it was",
    () => {
      const a = tool("shelf_add_book");
      expect(changes(n8nSurface, a, withParam(a, "tags", { required: true }))).toEqual([
        "breaking n8n property tags: n8n property moved between the node and its Additional Fields: " +
          'a saved value stays where it was ("collection" → "node")',
        "breaking n8n property tags: n8n property made required",
      ]);
    },
  );
});

describe("Sim's tools", () => {
  it("a parameter closed to models breaks agents that filled it; opening one is minor", () => {
    const a = tool("shelf_get_book");
    const closed = withParam(a, "bookId", { visibility: "user-only" });
    expect(changes(simSurface, a, closed)).toEqual([
      "breaking Sim parameter bookId: Sim parameter closed to models (user-only): " +
        'an agent that filled it no longer can ("user-or-llm" → "user-only")',
    ]);
    expect(changes(simSurface, closed, a)).toEqual([
      'minor Sim parameter bookId: Sim parameter opened to models (user-or-llm) ("user-only" → "user-or-llm")',
    ]);
  });
});

describe("a required parameter added with a default", () => {
  const a = tool("shelf_get_book");
  const zqEdition: ParamSpec = { ...a.params.at(-1)!, name: "zqEdition", required: true, type: "string" };
  const added = (extra: Partial<ParamSpec>) => ({ ...a, params: [...a.params, { ...zqEdition, ...extra }] });

  it("is said to take its default where callers do not give it, not to break saved workflows and blocks", () => {
    expect(changes(n8nSurface, a, added({ default: "zq-first" }))).toEqual([
      "minor n8n property zqEdition: n8n property added, required, with a default: saved workflows send its default",
    ]);
    expect(changes(simSurface, a, added({ default: "zq-first" }))).toEqual([
      "minor Sim parameter zqEdition: Sim parameter added",
    ]);
  });

  it("without a default still breaks them: they do not set it", () => {
    const { default: _none, ...bare } = zqEdition;
    const without = { ...a, params: [...a.params, bare] };
    expect(changes(n8nSurface, a, without)).toEqual([
      "breaking n8n property zqEdition: n8n property added, required: saved workflows do not set it",
    ]);
    expect(changes(simSurface, a, without)).toEqual([
      "breaking Sim parameter zqEdition: Sim parameter added, required: saved blocks do not set it",
    ]);
  });
});

describe("n8n's credential", () => {
  it("a required credential field added breaks saved credentials; an optional one, or one removed, is minor", () => {
    const ir = (tools: ToolSpec[]) => ({ operations: tools.map((t) => ({ tool: t })) }) as unknown as ProviderIR;
    const a = tool("shelf_get_book");
    const secretParam: ParamSpec = {
      ...a.params[0]!,
      name: "apiSecret",
      title: "API secret",
      required: true,
      wire: { in: "auth" },
    };
    const more = { ...a, params: [...a.params, secretParam] };
    const out: Pick<Change, "level" | "subject">[] = [];
    const record = (t: ToolSpec) => n8nCredentialSurface.read(n8nCredentialSurface.record(ir([t])) as never);
    const pairs: [ToolSpec, ToolSpec][] = [
      [a, more],
      [more, a],
      [a, { ...more, params: [...a.params, { ...secretParam, required: false }] }],
    ];
    for (const [x, y] of pairs) {
      n8nCredentialSurface.diff(record(x), record(y), (kind, detail) =>
        out.push({ level: n8nCredentialSurface.changes[kind].level, subject: `${detail?.subject} ${kind}` }),
      );
    }
    expect(out).toEqual([
      { level: "breaking", subject: "n8n credential field apiSecret addedRequired" },
      { level: "minor", subject: "n8n credential field apiSecret removed" },
      { level: "minor", subject: "n8n credential field apiSecret addedOptional" },
    ]);
  });
});
