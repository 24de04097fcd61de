// A path writing `$` right before an expression (`/production-usage/${orgName}`, a JavaScript template literal's
// placeholder left in a published document): OpenAPI reads the `$` as the path's own, and the call sends it, where
// the server most likely routes the path without it. The draft keeps the document's letter and says so in a review
// note naming the path; a path with no such `$` gets none.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const post = (operationId: string, names: string[]) => ({
  post: {
    operationId,
    parameters: names.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
    responses: { "204": { description: "Added." } },
  },
});
// The path as published, its `$` right before `{zqOrg}` (written so that no template literal reads it).
const dollarPath = ["/zqpackages/{zqPkg}/usage/$", "{zqOrg}"].join("");
const doc = openapi({
  [dollarPath]: post("addZqUsage", ["zqPkg", "zqOrg"]),
  "/zqpackages/{zqPkg}/stars": post("starZqPackage", ["zqPkg"]),
});

describe("a path writing $ right before an expression", () => {
  it("is drafted as written, the $ sent, with a review note naming the path", async () => {
    const d = drafted(doc, ["addZqUsage"]);
    expect(notesAt(d, "operations").join("\n")).toContain(
      `the path ${dollarPath} writes "$" right before an expression`,
    );
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const sent: string[] = [];
    const fetch = async (r: Request) => {
      sent.push(r.url);
      return new Response(null, { status: 204 });
    };
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0000000001", zqPkg: "p1", zqOrg: "o 1" },
      { baseUrl: "https://api.acme.test", fetch },
    );
    expect(result.success).toBe(true);
    expect(sent).toEqual(["https://api.acme.test/zqpackages/p1/usage/$o%201"]);
  });

  it("gives no note where no path writes one", () => {
    expect(notesAt(drafted(doc, ["starZqPackage"]), "operations").join("\n")).not.toContain('"$"');
  });
});
