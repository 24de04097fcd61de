// add's printed review notes: a note said alike of more than five parameters or operations is one line, naming the
// first five and how many more; a note of another kind, and a note of few places, is printed as before.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../../../import/__fixtures__/draft-kit.js";
import { printedSummary } from "../__fixtures__/printed-summary.js";
import { shownNotes } from "./shown-notes.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

// Seven operations whose path value is unbounded and whose body fields are described nowhere.
const paths: Record<string, unknown> = {};
for (const n of [1, 2, 3, 4, 5, 6, 7])
  paths[`/zqboards/{zqslug}/zqpart${n}`] = {
    put: {
      operationId: `zqPart${n}`,
      parameters: [
        { name: "zqslug", in: "path", required: true, description: "The board.", schema: { type: "string" } },
      ],
      requestBody: {
        content: {
          "application/json": {
            schema: { type: "object", properties: { [`zqfield${n}`]: { type: "string" } } },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { zqname: { type: "string" } } }, { zqname: "a" }) },
    },
  };

function printedNotes(operations: string[], document = openapi(paths)): string[] {
  const text = printedSummary(drafted(document, operations));
  return text.slice(text.indexOf("  review:"), text.indexOf("  check:")).split("\n").slice(1, -1);
}

describe("add's printed review notes", () => {
  it("say a note alike of many parameters once, naming the first few and how many", () => {
    const lines = printedNotes([1, 2, 3, 4, 5, 6, 7].map((n) => `zqPart${n}`));
    expect(lines.filter((l) => l.includes("zqfield"))).toEqual([
      "            7 parameters (operations.acme_zq_part1.params.zqfield1, operations.acme_zq_part2.params.zqfield2, " +
        "operations.acme_zq_part3.params.zqfield3, operations.acme_zq_part4.params.zqfield4, " +
        "operations.acme_zq_part5.params.zqfield5 and 2 more): the spec describes it nowhere: write what it means",
    ]);
    expect(lines.filter((l) => l.includes("zqslug"))).toEqual([
      "            7 parameters (operations.acme_zq_part1.params.zqslug, operations.acme_zq_part2.params.zqslug, " +
        "operations.acme_zq_part3.params.zqslug, operations.acme_zq_part4.params.zqslug, " +
        "operations.acme_zq_part5.params.zqslug and 2 more): maxLength 256 is blockwright add's default for a path " +
        "value the spec leaves unbounded; set the upstream's real limit",
    ]);
    expect(lines.find((l) => l.startsWith("            name:"))).toBeDefined();
  });

  it("print each note of few places as it is", () => {
    const lines = printedNotes(["zqPart1", "zqPart2"]);
    expect(lines).toContain(
      "            operations.acme_zq_part1.params.zqfield1: the spec describes zqfield1 nowhere: write what it means",
    );
    expect(lines.filter((l) => l.includes("zqslug"))).toHaveLength(2);
  });

  it("say a note that begins with its operation's method and path once, the operation read as it", () => {
    const unnamed: Record<string, unknown> = {};
    for (const n of [1, 2, 3, 4, 5, 6])
      unnamed[`/zqbins${n}`] = { get: { responses: { "200": reply({ type: "object" }, {}) } } };
    const lines = printedNotes(
      [1, 2, 3, 4, 5, 6].map((n) => `GET /zqbins${n}`),
      openapi(unnamed),
    );
    const said = lines.filter((l) => l.includes("has no operationId"));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(
      /^ +6 operations \(operations\.acme_get_zqbins1, .* and 1 more\): it has no operationId in /,
    );
  });

  it("say a note alike word for word as it is, a parameter named as a word of it (body) left in its words", () => {
    const note = "the request body is not an object of named fields: drafted as one parameter holding the whole body";
    const notes = [1, 2, 3, 4, 5, 6].map((n) => ({ at: ["operations", `zq_op${n}`, "params", "body"], note }));
    expect(shownNotes(notes)).toEqual([
      "6 parameters (operations.zq_op1.params.body, operations.zq_op2.params.body, operations.zq_op3.params.body, " +
        `operations.zq_op4.params.body, operations.zq_op5.params.body and 1 more): ${note}`,
    ]);
  });

  it("say a note at an operation alike word for word once", () => {
    const note = "header parameter Zq-Accept not drafted: the runtime writes it itself";
    const notes = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ at: ["operations", `zq_op${n}`], note }));
    expect(shownNotes(notes)).toEqual([
      "7 operations (operations.zq_op1, operations.zq_op2, operations.zq_op3, operations.zq_op4, operations.zq_op5 " +
        `and 2 more): ${note}`,
    ]);
  });
});
