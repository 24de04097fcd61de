// A document's pattern of a repeated group of one repeated atom (`([\w.-]*)*`), on which JavaScript's engine takes
// exponential time: drafted from the load's reading (the atom repeated, the same values) without checking its example
// for minutes; a manifest that writes it as the document does links, and its tool is given the linear-time engine.
import { rmSync } from "node:fs";
import { needsPart } from "@blockwright/runtime/internal/generate";
import { afterAll, describe, expect, it } from "vitest";
import { drafted, draftWorkFolder, linkedTools, linkProblems, openapi } from "../../import/__fixtures__/draft-kit.js";

const WRITTEN = "^zq\\.([a-q/.-]*)*$";
const READ = "^zq\\.[a-q/.-]*$";

// Its example a long value the pattern refuses (JavaScript's engine tries every split of it between the repeats), or
// one it takes.
const REFUSED = `zq.${"a".repeat(60)}!`;
const document = (example: string) =>
  openapi({
    "/zq-sites": {
      post: {
        operationId: "addZqSite",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["site"],
                properties: { site: { type: "string", pattern: WRITTEN, example } },
              },
            },
          },
        },
        responses: { "204": { description: "Added" } },
      },
    },
  });

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

describe("a pattern of a repeated group of one repeated atom", () => {
  it("is drafted as the atom repeated, and links", async () => {
    const d = drafted(document(REFUSED), ["addZqSite"]);
    expect(d.manifestText).toContain(`pattern: ${READ}`);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("links as the document writes it, and its tool is given the linear-time engine", async () => {
    const d = drafted(document("zq.a/b-c"), ["addZqSite"]);
    const written = { ...d, manifestText: d.manifestText.replace(`pattern: ${READ}`, `pattern: ${WRITTEN}`) };
    expect(written.manifestText).toContain(WRITTEN);
    expect(await linkProblems(written)).toEqual([]);
    const [tool] = await linkedTools(written);
    expect(tool?.params.find((p) => p.name === "site")?.pattern).toBe(WRITTEN);
    expect(needsPart(tool as never, "patterns")).toBe(true);
  });
});
