// `blockwright call` refusing a value of a long rule, through add, generate and call with no hand edit: a text of
// `format: int64` (add drafts its pattern of hundreds of characters and its hint), a pattern of 270 characters with
// no hint, an enum of 300 values at the top and inside a JSON body field. Each refusal printed its rule whole (the
// hint, then the pattern; every value): it now prints the hint, or 80 characters of the pattern and `…`, or 12 values
// and how many more (runtime/validate/rule-words.ts), the whole pattern in the error's `expected`.
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { addedProject } from "../../test-support/cli/added-project.js";

const LONG_PATTERN = `^(?:${Array.from({ length: 30 }, (_, i) => `zqcode${String(i).padStart(2, "0")}`).join("|")})$`;
const KINDS = Array.from({ length: 300 }, (_, i) => `zqkind${String(i).padStart(3, "0")}`);
const first12 = KINDS.slice(0, 12).join(", ");
const inQuery = (name: string, schema: object) => ({ name, in: "query", schema });
const document = {
  openapi: "3.0.3",
  info: { title: "Zq kinds", version: "1", description: "Zq keeps things of many kinds." },
  servers: [{ url: "https://zqkinds.test/api" }],
  paths: {
    "/zqthings": {
      post: {
        operationId: "createZqThing",
        summary: "Create a thing",
        parameters: [
          inQuery("zqNumber", { type: "string", format: "int64" }),
          inQuery("zqCode", { type: "string", pattern: LONG_PATTERN }),
          inQuery("zqKind", { type: "string", enum: KINDS }),
        ],
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { zqOptions: { type: "object", properties: { zqMode: { type: "string", enum: KINDS } } } },
              },
            },
          },
        },
        responses: { "200": { description: "Done.", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
  },
};
const project = addedProject("blockwright-long-refusals-", "zqkinds", document);
const dir = project.dir;

/** The structured error `call` prints of a refused value, nothing having been sent. */
async function refusal(param: string): Promise<Record<string, unknown>> {
  const before = project.upstream.received.length;
  const r = await cli(["call", "zqkinds_create_zq_thing", "--param", param, "--base-url", project.upstream.url], {
    cwd: dir,
  });
  expect(r.code, r.stdout + r.stderr).toBe(1);
  expect(project.upstream.received.length).toBe(before);
  return JSON.parse(r.stdout).error;
}

describe("blockwright call refusing a value of a long rule", () => {
  it("prints a pattern's hint, the pattern in `expected`", async () => {
    const error = await refusal("zqNumber=12x");
    expect(error).toMatchObject({ type: "validation", param: "zqNumber", rule: "pattern" });
    expect(error.message).toBe(
      `zqNumber: must be a whole number in int64's range written as decimal text, such as 42, got "12x"`,
    );
    expect((error.expected as string).length).toBeGreaterThan(100);
    expect(new RegExp(error.expected as string).test("9223372036854775807")).toBe(true);
  });

  it("prints 80 characters of a pattern without a hint, the whole in `expected`", async () => {
    expect(await refusal("zqCode=zqcode99")).toMatchObject({
      param: "zqCode",
      rule: "pattern",
      message: `zqCode: must be a value matching ${LONG_PATTERN.slice(0, 80)}…, got "zqcode99"`,
      expected: LONG_PATTERN,
    });
  });

  it("prints 12 of an enum's 300 values and how many more, with the nearest to the text given", async () => {
    expect(await refusal("zqKind=zqkind29")).toMatchObject({
      param: "zqKind",
      rule: "enum",
      message:
        `zqKind: must be one of ${first12} and 288 more (nearest: zqkind029, zqkind129, zqkind209), ` +
        `got "zqkind29"`,
    });
    const inside = await refusal('zqOptions={"zqMode":"zq"}');
    expect(inside).toMatchObject({ param: "zqOptions", rule: "enum" });
    expect(inside.message).toBe(`zqOptions.zqMode: must be one of ${first12} and 288 more, got "zq"`);
  });
});
