// A form body (application/x-www-form-urlencoded) of several shapes (`oneOf`, `anyOf`), drafted as one parameter
// holding the whole body (pointer ""): the suite's read-back of the pairs sent placed the value at the pointer's last
// segment, which it has none of, and the request and property cases could not run ("no item -1 in a list of 0"). And
// where a shape needs no field, the value `{}` writes no pair: the required body went unsent, which the request judge
// refused; it goes as the empty form, typed as one. Shapes told apart by a tag each requires are drafted as their
// fields (form-union-fields.test.ts); those the test sends are read back from the pairs all the same.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { requestKind } from "../../contract/kinds/request.js";
import { linkProvider } from "../../emit/link-provider.js";
import { startMocks } from "../../mocks/mocks.js";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const shape = (grant: string, field: string, tagged: boolean) => ({
  type: "object",
  ...(tagged ? { required: ["zq_grant"] } : {}),
  properties: { zq_grant: { type: "string", enum: [grant] }, [field]: { type: "string", maxLength: 40 } },
});
const doc = (union: "oneOf" | "anyOf", tagged: boolean) =>
  openapi({
    "/zqtokens": {
      post: {
        operationId: "makeZqToken",
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                [union]: [shape("zq_code", "zq_code", tagged), shape("zq_refresh", "zq_refresh_token", tagged)],
              },
            },
          },
        },
        responses: {
          "200": reply({ type: "object", properties: { zq_token: { type: "string" } } }, { zq_token: "t" }),
        },
      },
    },
  });

describe("a form body of several shapes, held by one parameter or by its shapes' fields", () => {
  it.each([
    ["oneOf", true, "a shape's tag"],
    ["anyOf", false, "no field: the empty form"],
  ] as const)(
    "of %s (tagged: %s) is read back from the pairs sent, %s: the request cases pass on the mock",
    async (union, tagged, _how) => {
      const d = drafted(doc(union, tagged), ["makeZqToken"]);
      expect(await linkProblems(d)).toEqual([]);
      const project = mkdtempSync(join(tmpdir(), "blockwright-zq-form-union-"));
      const dir = join(project, "specs", "acme");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
      writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
      const { ir, document } = await linkProvider(project, dir);
      const tool = ir.operations[0]!.tool;
      const whole = tool.params.find((p) => p.wire.in === "body" && p.wire.pointer === "");
      expect(whole === undefined).toBe(tagged);
      const mocks = await startMocks(["acme"], { specsDir: join(project, "specs"), root: project, logLevel: "silent" });
      try {
        const cases = requestKind.derive(tool, { provider: "acme", tools: [tool], document });
        expect(cases.length).toBeGreaterThan(0);
        for (const c of cases)
          await expect(c.run({ mockUrl: () => mocks.urls.acme!, seed: 1, runs: 1 })).resolves.toBeUndefined();
      } finally {
        await mocks.close();
        rmSync(project, { recursive: true, force: true });
      }
    },
  );
});
