// A path parameter named like a credential (`/exports/{token}`) names a
// resource: it is never taken for the credential repeated (auth.covers, which
// the link refuses for a path), as a query or header parameter of that name is.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

describe("a path parameter named token", () => {
  it(
    "a path segment named token is the resource's, not the credential repeated: drafted as a " +
      "parameter, and it links",
    async () => {
      const doc = openapi({
        "/zqexports/{token}": {
          get: {
            operationId: "getZqExport",
            parameters: [{ name: "token", in: "path", required: true, description: "", schema: { type: "integer" } }],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "x1" }) },
          },
        },
      });
      const d = drafted(doc, ["getZqExport"]);
      expect(d.manifest.auth).toEqual({ scheme: "bearer", param: "accessToken" });
      expect(d.manifest.operations.acme_get_zq_export!.params!.token).toMatchObject({
        type: "number",
        integer: true,
        required: true,
        wire: { in: "path" },
      });
      expect(await linkProblems(d)).toEqual([]);
    },
  );
});
