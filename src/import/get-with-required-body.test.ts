// A GET (or HEAD) whose document requires a request body (a directory document's multipart form on a GET): fetch
// refuses such a request before it leaves, so no call can succeed. add drafted the operation without its body, and
// generate then refused the draft (BW2010): a draft add must never write. add now refuses the operation up front,
// saying why and to leave it out; generate says the same of a manifest that binds it, and refuses one that places a
// parameter in such a body; an optional body on a GET is still drafted without it.
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { pickOperations } from "../../scripts/corpus/public-directory/operations.js";
import { draftWorkFolder, drafted, type Json, linkProblems, openapi, reply } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = (required: boolean, method = "get") =>
  openapi({
    "/zqstats": {
      [method]: {
        operationId: "zqStats",
        requestBody: {
          required,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["zqKind"],
                properties: { zqKind: { type: "array", items: { type: "integer" } }, zqArea: { type: "integer" } },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  });

/** The draft of the optional-body document, its body then made required and its manifest edited by `edit`. */
function boundAnyway(edit: (op: Json) => void) {
  const d = drafted(document(false), ["zqStats"]);
  const manifest = jsyaml.load(d.manifestText) as Json;
  edit(manifest.operations.acme_zq_stats);
  return {
    ...d,
    openapiText: d.openapiText.replace("required: false", "required: true"),
    manifestText: jsyaml.dump(manifest),
  };
}

describe("a GET whose document requires a request body", () => {
  it("is refused by add, naming the operation, why (fetch sends no body with GET) and what to do", () => {
    for (const method of ["get", "head"])
      expect(() => drafted(document(true, method), ["zqStats"])).toThrow(
        new RegExp(
          "zqStats \\(it requires a request body \\(multipart/form-data\\) with a GET or HEAD, which " +
            "fetch refuses to send.*leave it out of --operations",
        ),
      );
  });

  it("is drafted without its body when the body is optional, and links", async () => {
    const d = drafted(document(false), ["zqStats"]);
    expect(d.manifest.operations.acme_zq_stats?.params ?? {}).toEqual({});
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is refused by generate with the reason, bound as it is or with a parameter placed in the body", async () => {
    const bare = await linkProblems(boundAnyway(() => {}));
    expect(bare).toEqual([
      expect.stringMatching(
        new RegExp(
          'requires a request body for "zqStats", which no call can send: fetch refuses a GET request with a body ' +
            "before it leaves; leave the operation out of the manifest$",
        ),
      ),
    ]);
    const placed = await linkProblems(
      boundAnyway((op) => {
        op.params = {
          zqKind: {
            type: "json",
            jsonType: "array",
            description: "Kinds.",
            required: true,
            wire: { in: "body", pointer: "/zqKind" },
          },
        };
      }),
    );
    expect(placed).toEqual([
      expect.stringMatching(
        /"zqStats" places parameters or constants in the request body of a GET, which no call can send/,
      ),
    ]);
  });

  it("is not picked by the directory run, which asks add's rule", () => {
    const doc = document(true);
    doc.paths["/zqstats"].post = { operationId: "zqPost", responses: { "200": reply({ type: "object" }) } };
    expect(pickOperations(doc, 5, () => 0).map((o) => o.name)).toEqual(["POST /zqstats"]);
  });
});
