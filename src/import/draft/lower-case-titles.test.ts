// A summary written in lower case from its first word (`fetch Comment records`, as a published feedback API writes
// some) was drafted as the title word for word: the block's selector showed "fetch Comment records" beside "Query
// accounts". The first word, when it is lower-case letters alone, opens with a capital now; a name written in mixed
// case (`iOS devices`) is left as written.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const get = (operationId: string, summary: string) => ({
  get: { operationId, summary, responses: { "200": reply({ type: "object" }) } },
});
const doc = openapi({
  "/zqcomments": get("getZqcomments", "fetch Comment records"),
  "/zqdevices": get("getZqdevices", "iOS devices of the account"),
});

describe("a summary opening with a lower-case word", () => {
  it("is drafted as a title opening with a capital, a mixed-case name as written; it links", async () => {
    const d = drafted(doc, ["getZqcomments", "getZqdevices"]);
    expect(d.manifest.operations.acme_get_zqcomments!.title).toBe("Fetch Comment records");
    expect(d.manifest.operations.acme_get_zqdevices!.title).toBe("iOS devices of the account");
    expect(await linkProblems(d)).toEqual([]);
  });
});
