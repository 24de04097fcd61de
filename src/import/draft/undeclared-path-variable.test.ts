// A path whose template names a variable that no parameter declares (`POST /zqimport/{zqFolder}` with no parameters,
// as documents generated from a router's table write it): the draft had no parameter for it and the call sent the
// braces themselves (`/zqimport/%7BzqFolder%7D`). The cut declares it a required text path parameter, said in a note;
// the draft asks for it and the call fills it in. A variable the path item declares is left as declared.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqDoc = openapi({
  "/zqimport/{zqFolder}": { post: { operationId: "zqImportFolder", responses: { "200": { description: "Started" } } } },
  "/zqalbums/{zqAlbum}/zqphotos/{zqPhoto}": {
    parameters: [{ name: "zqAlbum", in: "path", required: true, schema: { type: "integer" } }],
    get: { operationId: "zqGetAlbumPhoto", responses: { "200": { description: "The photo" } } },
  },
});

describe("a path variable no parameter declares", () => {
  it("is drafted a required path parameter, said in a note, and the call fills it in", async () => {
    const d = drafted(zqDoc, ["zqImportFolder", "zqGetAlbumPhoto"]);
    const folder = d.manifest.operations.acme_zq_import_folder?.params?.zqFolder;
    expect(folder).toMatchObject({ type: "string", required: true, wire: { in: "path" } });
    const photo = d.manifest.operations.acme_zq_get_album_photo?.params ?? {};
    expect(photo.zqAlbum).toMatchObject({ type: "number", wire: { in: "path" } });
    expect(photo.zqPhoto).toMatchObject({ type: "string", required: true, wire: { in: "path" } });
    expect(notesAt(d, "openapi").join("\n")).toContain(
      "openapi.yaml declares zqImportFolder {zqFolder}, zqGetAlbumPhoto {zqPhoto} as required text path parameters",
    );
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_import_folder");
    const urls: string[] = [];
    const fetchFn = async (input: string | URL | Request) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return new Response(null, { status: 200 });
    };
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", zqFolder: "a b/é" },
      { baseUrl: "https://api.acme.test", fetch: fetchFn },
    );
    expect(result.success).toBe(true);
    expect(urls).toEqual(["https://api.acme.test/zqimport/a%20b%2F%C3%A9"]);
  });
});

// A reserved expansion (`{+zqPath}`: its "/" sent as they are) names the variable `zqPath`, which its parameter
// declares: nothing is added, neither `+zqPath` nor a second `zqPath`.
describe("a reserved expansion its parameter declares", () => {
  it("is left as declared", async () => {
    const d = drafted(
      openapi({
        "/zqfiles/{+zqPath}": {
          get: {
            operationId: "zqGetFile",
            parameters: [{ name: "zqPath", in: "path", required: true, schema: { type: "string", maxLength: 200 } }],
            responses: { "200": { description: "The file" } },
          },
        },
      }),
      ["zqGetFile"],
    );
    expect(Object.keys(d.manifest.operations.acme_zq_get_file?.params ?? {}).sort()).toEqual(["zqPath"]);
    expect(notesAt(d, "openapi").join("\n")).not.toContain("as required text path parameters");
  });
});

// A path key that writes its query in (`/zqsearch?zqterm={zqterm}`, as a directory's search operations do) beside a
// query parameter of that name: the pair is the parameter's, not a path variable. Before, the cut declared `zqterm`
// a path parameter too, the draft asked for it twice (`zqterm`, `zqterm2`) and the call sent `?zqterm=…&zqterm=…`,
// which the request judge refused (the document's value is one pair). A variable of the key's own path stays a path
// parameter.
describe("a path key's own query naming a query parameter", () => {
  it("is that parameter's: drafted once, sent once", async () => {
    const d = drafted(
      openapi({
        "/zqsearch/{zqScope}?zqterm={zqterm}": {
          get: {
            parameters: [{ name: "zqterm", in: "query", required: true, schema: { type: "string" } }],
            responses: { "200": { description: "Found" } },
          },
        },
      }),
      ["GET /zqsearch/{zqScope}?zqterm={zqterm}"],
    );
    const [tool] = Object.values(d.manifest.operations);
    expect(tool?.params?.zqterm).toMatchObject({ required: true, wire: { in: "query" } });
    expect(tool?.params?.zqScope).toMatchObject({ required: true, wire: { in: "path" } });
    expect(
      Object.keys(tool?.params ?? {})
        .filter((k) => k.startsWith("zq"))
        .sort(),
    ).toEqual(["zqScope", "zqterm"]);
    expect(await linkProblems(d)).toEqual([]);
    const [linked] = await linkedTools(d);
    const urls: string[] = [];
    const fetchFn = async (input: string | URL | Request) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return new Response(null, { status: 200 });
    };
    const result = await executeToolDefinition(
      linked!,
      { accessToken: "zq-token-0001", zqScope: "zq", zqterm: "a b&é" },
      { baseUrl: "https://api.acme.test", fetch: fetchFn },
    );
    expect(result.success).toBe(true);
    expect(urls).toEqual(["https://api.acme.test/zqsearch/zq?zqterm=a%20b%26%C3%A9"]);
  });
});
