// The parameter an offset or a page number is sent with: the link names it
// (`next.param`), so that a call starts where the caller's own value says
// without the runtime looking for it among the parameters on every call.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadProvider } from "../../emit/link-provider.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const fixture = join(root, "src/mocks/__fixtures__/mock-paging/pages");

describe("an offset or a page number sent where a parameter of the operation goes", () => {
  it("names that parameter, and none where no parameter is sent there", async () => {
    const ir = await loadProvider(root, fixture);
    const next = (id: string) => ir.operations.find((o) => o.tool.id === id)?.tool.pagination?.next;
    expect(next("pages_list_books")).toEqual({
      style: "offset",
      send: { in: "query", name: "startIndex" },
      start: 0,
      param: "startIndex",
    });
    expect(next("pages_list_shelves")).toMatchObject({ style: "page", param: "page" });
    for (const op of ir.operations) {
      const n = op.tool.pagination?.next;
      if (n && (n.style === "offset" || n.style === "page") && n.param !== undefined)
        expect(op.tool.params.find((p) => p.name === n.param)?.wire).toMatchObject(n.send);
    }
  });
});
