// The directory run's `types` step: the consumer it writes compiles against a generated package with its declarations
// checked, names a tool whose output is never, and the step's record reads tsc's errors.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { typeCheckMessages } from "../../../test-support/type-check.js";
import { draftWorkFolder, drafted, openapi, reply } from "../../../src/import/__fixtures__/draft-kit.js";
import { generatedDraft } from "../../../test-support/cli/generated-draft.js";
import { readTypes, typesFailureKind, writeTypesConsumer } from "./package-types.js";

const project = join(draftWorkFolder, "package-types");
afterAll(() => rmSync(project, { recursive: true, force: true }));

const document = openapi({
  "/zqthings/{zqid}": {
    get: {
      operationId: "getZqthing",
      parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
      responses: {
        "200": reply({ type: "object", required: ["zqlabel"], properties: { zqlabel: { type: "string" } } }),
      },
    },
  },
});

async function generated(): Promise<string[]> {
  await generatedDraft(project, drafted(document, ["getZqthing"]));
  const consumer = writeTypesConsumer(project, "acme");
  return ["index.ts", "required.cts"].map((f) => join(consumer, f));
}

describe("the directory run's types step", () => {
  it("writes a consumer that compiles against the package, and names a tool whose output is never", async () => {
    const files = await generated();
    expect(typeCheckMessages(files, { skipLibCheck: false })).toEqual([]);
    const entry = join(project, "generated", "acme", "index.d.ts");
    const types = readFileSync(entry, "utf8");
    const output = /export type AcmeGetZqthingOutput = \{/;
    expect(types).toMatch(output);
    writeFileSync(entry, types.replace(output, "export type AcmeGetZqthingOutput = never & {"));
    expect(typeCheckMessages(files, { skipLibCheck: false })).toEqual([
      expect.stringMatching(/index\.ts: Type 'boolean' is not assignable to type '\["acme_get_zqthing", "output"\]'/),
    ]);
  });

  it("reads tsc's errors into the step's record, and a never apart from a declaration that does not compile", () => {
    const never = "types-consumer/index.ts(12,14): error TS2322: Type 'boolean' is not assignable to type '[\"t\"]'.";
    const broken = "zq/index.d.ts(3,5): error TS2339: Property 'zq' does not exist on type 'unknown'.";
    const run = { exit: 2, wallMs: 1, peakMiB: 1, stderr: "", timedOut: false, killed: false };
    const read = readTypes({ ...run, stdout: `${never}\n${broken}\nFound 2 errors.\n` });
    expect(read).toEqual({ summary: "2 errors", errors: [never, broken] });
    expect(typesFailureKind({ exit: 2, seconds: 1, ...read })).toBe("a tool's output or parameters typed never");
    expect(typesFailureKind({ exit: 2, seconds: 1, summary: "1 errors", errors: [broken] })).toMatch(/do not compile/);
    expect(readTypes({ ...run, exit: 0, stdout: "" })).toEqual({ summary: "no error", errors: [] });
  });
});
