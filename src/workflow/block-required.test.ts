// A block's `required`, which an editor shows and a workflow author reads, against what the workflow check refuses: a
// parameter the document requires but gives a default is sent with that default when a block leaves it out, so the
// block must not call it required (it did); one without a default is required, and refused when left out.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { BlockInput } from "@blockwright/runtime/internal";
import { loadProvider } from "../emit/link-provider.js";
import { createRegistry } from "../registry/registry.js";
import { parseWorkflow, WorkflowErrors } from "./validate.js";
import { draftWorkFolder, drafted, writtenDraft } from "../import/__fixtures__/draft-kit.js";
import { defaultedParamDocument } from "../import/__fixtures__/defaulted-param-document.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const PROVIDER = "quillfeather";

describe("a block's required inputs", async () => {
  const { root, dir } = writtenDraft(
    drafted(defaultedParamDocument, ["listZzqNotes", "getZzqNote"], PROVIDER),
    PROVIDER,
  );
  const ir = await loadProvider(root, dir);
  const list = ir.operations.find((o) => o.tool.operationId === "listZzqNotes")!.tool;
  const registry = createRegistry([
    { id: PROVIDER, tools: Object.fromEntries(ir.operations.map((o) => [o.tool.id, o.tool])), block: ir.block },
  ]);
  const input = (id: string): BlockInput => ir.block.inputs.find((i) => i.id === id)!;
  /** The workflow check's problems for one block of the list operation with these inputs beside its credential. */
  const problems = (inputs: Record<string, string>): string[] => {
    const lines = Object.entries(inputs).map(([k, v]) => `      ${k}: ${v}`);
    const text = [
      "blocks:",
      "  notes:",
      `    type: ${PROVIDER}`,
      "    name: List notes",
      "    inputs:",
      `      operation: ${list.id}`,
      '      accessToken: "{{ZZQ_TOKEN}}"',
      ...lines,
    ].join("\n");
    try {
      parseWorkflow(text, "flow.yaml", registry, { env: {}, mode: "mock" });
      return [];
    } catch (e) {
      if (e instanceof WorkflowErrors) return e.errors.map((x) => x.message);
      throw e;
    }
  };

  it("leaves out a parameter with a default: the block does not call it required, and the check accepts it", () => {
    expect(list.params.find((p) => p.name === "zzqOrder")).toMatchObject({ required: true, default: "desc" });
    expect(input("zzqOrder")).toMatchObject({ default: "desc", required: false });
    expect(problems({ zzqFolder: "inbox" })).toEqual([]);
  });

  it("calls one without a default required for its operation, and the check refuses a block leaving it out", () => {
    expect(input("zzqFolder").required).toEqual({ field: "operation", value: [list.id] });
    expect(problems({ zzqOrder: "asc" })).toEqual([expect.stringMatching(/needs parameter "zzqFolder"/)]);
  });
});
