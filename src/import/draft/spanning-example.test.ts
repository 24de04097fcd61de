// A path value spanning segments whose example starts with "/" (`/{resourceUri}/providers/…`, the example
// `/subscriptions/…/workflows/w`: a monitoring API's diagnostic settings). The path's own "/" already comes before it,
// so the example made `//`, which an address reads as a host, and which the runtime refuses (an empty segment): add
// kept it and generate refused add's own draft (BW2009). It is drafted without the "/" at its ends, said in a note; one
// that holds an empty segment even so is left out. The same for its default: a default "/" (standing for "no
// segments", directory seed 200: a search API's facets path) was kept and generate refused the draft (BW2009).
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const documentWith = (example: string, schema: object = { type: "string" }) =>
  openapi({
    "/{zqResourceUri}/providers/zq.insights/zqsettings": {
      get: {
        operationId: "GetZqSettings",
        parameters: [
          {
            name: "zqResourceUri",
            in: "path",
            required: true,
            "x-ms-skip-url-encoding": true,
            schema,
            example,
          },
        ],
        responses: ok,
      },
    },
  });

describe("a spanning path value whose example has a / at its start", () => {
  it("is drafted without it, said in a note, and links", async () => {
    const d = drafted(documentWith("/zqsubscriptions/1a66/zqgroups/zqg1/"), ["GetZqSettings"]);
    const param = d.manifest.operations.acme_get_zq_settings?.params?.zqResourceUri;
    expect(param?.wire).toEqual({ in: "path", multiSegment: "as-given" });
    expect(param?.example).toBe("zqsubscriptions/1a66/zqgroups/zqg1");
    expect(notesAt(d, "operations.acme_get_zq_settings.params.zqResourceUri")).toContainEqual(
      expect.stringContaining('has a "/" at its start or end, which the path\'s own "/" around it already gives'),
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is left out where it holds an empty segment even so", async () => {
    const d = drafted(documentWith("/zqsubscriptions//zqgroups"), ["GetZqSettings"]);
    expect(d.manifest.operations.acme_get_zq_settings?.params?.zqResourceUri?.example).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
  });

  // A path value is required: a default of the caller's text is the document's example of it (required-defaults/).
  it("keeps no default of its text, all slashes or not; the example stays the document's", async () => {
    for (const given of ["/", "zqfacet/zqa/"]) {
      const d = drafted(documentWith("zqfacet/zqa", { type: "string", nullable: true, default: given }), [
        "GetZqSettings",
      ]);
      const param = d.manifest.operations.acme_get_zq_settings?.params?.zqResourceUri;
      expect(param?.default).toBeUndefined();
      expect(param?.example).toBe("zqfacet/zqa");
      expect(notesAt(d, "operations.acme_get_zq_settings.params.zqResourceUri")).toContainEqual(
        expect.stringContaining(`the spec gives it the default ${JSON.stringify(given)}, which reads as an example`),
      );
      expect(await linkProblems(d)).toEqual([]);
    }
  });
});
