// A required list sent in the query has no empty form there (nothing would go
// out, and the upstream would miss a parameter it requires): generate gives it
// minItems 1 and its items minLength 1 (an empty text goes out as nothing
// too), and the runtime refuses either before any request.
import { rmSync } from "node:fs";
import { validateParams } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

describe("a required list in the query", () => {
  const doc = openapi({
    "/zqavailability": {
      get: {
        operationId: "checkAvailability",
        parameters: [
          {
            name: "zqdomains",
            in: "query",
            required: true,
            schema: { type: "array", maxItems: 50, items: { type: "string", maxLength: 64 } },
          },
          {
            name: "zqtags",
            in: "query",
            schema: { type: "array", maxItems: 5, items: { type: "string", maxLength: 8 } },
          },
        ],
        responses: { "200": reply({ type: "object", properties: { zqfree: { type: "boolean" } } }, { zqfree: true }) },
      },
    },
  });

  it(
    "takes one item at least, and an empty one is refused before any request; an optional list " + "may be empty",
    async () => {
      const [tool] = await linkedTools(drafted(doc, ["checkAvailability"]));
      expect(tool?.params.find((p) => p.name === "zqdomains")?.minItems).toBe(1);
      expect(tool?.params.find((p) => p.name === "zqdomains")?.items?.minLength).toBe(1);
      expect(tool?.params.find((p) => p.name === "zqtags")?.minItems).toBeUndefined();
      const emptyItem = validateParams(tool!, { accessToken: "zq-credential-0001", zqdomains: [""] });
      expect(emptyItem.ok ? [] : emptyItem.issues.map((i) => i.message)).toEqual([expect.stringMatching(/zqdomains/)]);
      const refused = validateParams(tool!, { accessToken: "zq-credential-0001", zqdomains: [] });
      expect(refused.ok ? [] : refused.issues.map((i) => i.message)).toEqual([expect.stringMatching(/zqdomains/)]);
      const accepted = validateParams(tool!, {
        accessToken: "zq-credential-0001",
        zqdomains: ["example.com"],
        zqtags: [],
      });
      expect(accepted.ok ? [] : accepted.issues.map((i) => i.message)).toEqual([]);
    },
  );
});

describe("a required list in the query whose document says minItems: 0", () => {
  it(
    "takes one item at least all the same (the document's 0 was kept, and an empty list went " + "out as nothing)",
    async () => {
      const doc = openapi({
        "/zqtags": {
          delete: {
            operationId: "untagZq",
            parameters: [
              {
                name: "zqkeys",
                in: "query",
                required: true,
                schema: { type: "array", minItems: 0, maxItems: 9, items: { type: "string", maxLength: 8 } },
              },
            ],
            responses: { "204": { description: "gone" } },
          },
        },
      });
      const [tool] = await linkedTools(drafted(doc, ["untagZq"]));
      expect(tool?.params.find((p) => p.name === "zqkeys")?.minItems).toBe(1);
      const refused = validateParams(tool!, { accessToken: "zq-credential-0001", zqkeys: [] });
      expect(refused.ok ? [] : refused.issues.map((i) => i.message)).toEqual([expect.stringMatching(/zqkeys/)]);
    },
  );
});
