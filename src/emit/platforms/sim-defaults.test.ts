// A parameter the operation requires but that has a default: the package fills it where a Sim block or agent gives
// none, so Sim's files do not ask for it (Sim refuses a tool's required parameter not given, and a saved block
// without a required sub-block's value), and `diff` says an added one is no break (src/link/platforms).
import { describe, expect, it } from "vitest";
import { irFixture } from "../../../test-support/runtime/ir-fixtures.js";
import type { ProviderIR } from "../../model/ir.js";
import { simFiles } from "./sim-files.js";

const shelf = irFixture("shelf") as ProviderIR;
const ctx = { provider: { name: "@zq/shelf", range: "^1.0.0" }, runtime: { name: "@blockwright/runtime" } };

/** The shelf with `shelfId` of shelf_list_books given `default`, where it is required. */
function withDefault(value: unknown): ProviderIR {
  const ir = structuredClone(shelf);
  for (const o of ir.operations)
    if (o.tool.id === "shelf_list_books")
      o.tool.params = o.tool.params.map((p) => (p.name === "shelfId" ? { ...p, required: true, default: value } : p));
  return ir;
}

describe("a required parameter with a default in Sim's files", () => {
  it("is optional in its tool's params, and its sub-block required only for the operations without a default", () => {
    const files = simFiles(withDefault("zq-main"), ctx);
    const list = files.get("tools/shelf/list_books.ts") ?? "";
    expect(list).toMatch(/shelfId: \{\s*type: "string",\s*required: false,/);
    const add = files.get("tools/shelf/add_book.ts") ?? "";
    expect(add).toMatch(/shelfId: \{\s*type: "string",\s*required: true,/);
    const block = files.get("blocks/blocks/shelf.ts") ?? "";
    const at = block.indexOf('id: "shelfId"');
    const subBlock = block.slice(at, block.indexOf("description:", at));
    // Shown for both operations, asked of the one whose shelfId has no default.
    expect(subBlock).toMatch(/required: \{\s*field: "operation",\s*value: \["shelf_add_book"\],\s*\}/);
    expect(subBlock).toMatch(/condition: \{\s*field: "operation",\s*value: \["shelf_add_book", "shelf_list_books"\]/);
  });
});
