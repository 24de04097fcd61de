// A path value spanning segments, marked by the document's own words where a converter dropped the template's `+`
// (`{+name}` written `{name}`, its description giving a path of collections as the format): the draft sends its `/`
// as they are and says so in a note; the judge, reading the same evidence, refuses the value sent as %2F. A
// description asking for the value encoded, a media type, or a parameter sharing its segment is no such mark.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { requestJudge } from "./judge.js";
import { describedPathFormat, multiSegmentMarker } from "../load/operations/multi-segment.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

describe("a description's path format", () => {
  it("is read from a quoted path of collections, or an unquoted collection before a placeholder", () => {
    const read = (text: string) => describedPathFormat(text);
    expect(read("Required. The zqshelf's name in the format `zqshelves/*/zqbooks/*`.")).toBe("zqshelves/*/zqbooks/*");
    expect(read("Format: `zqshelves/{zqshelf}/zqbooks/{zqbook}`")).toBe("zqshelves/{zqshelf}/zqbooks/{zqbook}");
    expect(read('Its parent, e.g. "zqshelves/my-zqshelf".')).toBe("zqshelves/my-zqshelf");
    expect(read("Format: `zqshelves//zqbooks/`.")).toBe("zqshelves//zqbooks/");
    expect(read("Follows the pattern zqshelves/*/zqbooks/*.")).toBe("zqshelves/*/zqbooks/*");
    expect(read("The zqshelf, in the format zqshelves/{zqshelf}: one of yours")).toBe("zqshelves/{zqshelf}");
    expect(read("Settings of zqshelves/[ZQSHELF_ID]/zqsettings")).toBe("zqshelves/[ZQSHELF_ID]/zqsettings");
  });

  it("is read after words leading to a format or an example, a wrapped line, alternatives, a named template", () => {
    const read = (text: string) => describedPathFormat(text);
    expect(read("A zqshelf identifier. Example: zqshelves/1234")).toBe("zqshelves/1234");
    expect(read("The zqshelf, in the format: zqshelves/ZQSHELF_IDENTIFIER Refer to")).toBe(
      "zqshelves/ZQSHELF_IDENTIFIER",
    );
    expect(read("For example: zqshelves/ZQ_ID/zqbooks/ZQBOOK_ID` It must exist.")).toBe(
      "zqshelves/ZQ_ID/zqbooks/ZQBOOK_ID",
    );
    expect(read("Names have the format: zqshelves/zqshelf.")).toBe("zqshelves/zqshelf");
    expect(read("Value format: `zqshelves/{zqshelf}/zqbooks/ {zqbook}`.")).toBe("zqshelves/{zqshelf}/zqbooks/{zqbook}");
    expect(read("In the format `zqshelves|zqcrates/*/zqbooks/*`.")).toBe("zqshelves|zqcrates/*/zqbooks/*");
    expect(read("Of the format: `{zqbook=zqshelves/*/zqbooks/*}` or")).toBe("zqshelves/*/zqbooks/*");
    expect(read("See the example: https://zq.example/zqshelves/1")).toBeUndefined();
    expect(read("The type, e.g.: image/png")).toBeUndefined();
    expect(read("An example: zqshelves/1, URL-encoded")).toBeUndefined();
    expect(read("The zqzone's key. Example: Zqland/Zq_City.")).toBeUndefined();
  });

  it("marks no parameter that holds one segment of the name its format gives, the collection before it", () => {
    const said = { name: "zqshelvesId", description: "Part of `name`. The zqshelf's name. Example: zqshelves/zq1." };
    expect(multiSegmentMarker(said, "/v1/zqshelves/{zqshelvesId}:zqarchive")).toBeUndefined();
    expect(multiSegmentMarker(said, "/v1/zqcrates/{zqshelvesId}:zqarchive")).toBeUndefined();
    const whole = { ...said, description: "The zqshelf's name. Example: zqshelves/zq1." };
    expect(multiSegmentMarker(whole, "/v1/{zqshelvesId}:zqarchive")).toBe(
      `its description's path format "zqshelves/zq1"`,
    );
  });

  it("is not read where the words ask for the value encoded, name a media type, or give no path", () => {
    const read = (text: string) => describedPathFormat(text);
    expect(read("The zqobject's name, URL-encoded: `zqdir/zqfile.txt`")).toBeUndefined();
    expect(read("The full path to the zqfile. Ex. `zqlib%2Fzqclass.rb`")).toBeUndefined();
    expect(read("The media type, e.g. `image/png`")).toBeUndefined();
    expect(read("The zqshelf's id, e.g. `zq-1234`")).toBeUndefined();
    expect(read("Either zqshelves or zqbooks/zqpages, in words")).toBeUndefined();
    expect(read("A date such as `2026/01/02`")).toBeUndefined();
  });

  it("marks a parameter that is a whole segment (a custom method after it), not one sharing its segment", () => {
    const said = { name: "name", description: "Format: `zqshelves/{zqshelf}`" };
    expect(multiSegmentMarker(said, "/v1/{name}")).toBe(`its description's path format "zqshelves/{zqshelf}"`);
    expect(multiSegmentMarker(said, "/v1/{name}:zqarchive")).toBeDefined();
    expect(multiSegmentMarker(said, "/v1/{name}.{format}")).toBeUndefined();
    expect(multiSegmentMarker(said, "/v1/zq-{name}")).toBeUndefined();
    expect(multiSegmentMarker({ name: "scope", "x-ms-skip-url-encoding": true }, "/{scope}/zqitems")).toBe(
      "x-ms-skip-url-encoding",
    );
    expect(multiSegmentMarker({ name: "id", description: "The zqshelf's id" }, "/v1/{id}")).toBeUndefined();
  });
});

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const DESCRIBED = {
  "/v1/{name}:zqarchive": {
    post: {
      operationId: "zqArchiveShelf",
      parameters: [
        {
          name: "name",
          in: "path",
          required: true,
          description: "Required. The zqshelf to archive, in the format `zqshelves/*`.",
          schema: { type: "string" },
        },
      ],
      responses: ok,
    },
  },
  "/v1/zqfiles/{key}": {
    get: {
      operationId: "zqGetFile",
      parameters: [
        { name: "key", in: "path", required: true, description: "The key, URL-encoded", schema: { type: "string" } },
      ],
      responses: ok,
    },
  },
};

describe("a path parameter whose description gives a path format", () => {
  it("is drafted multiSegment with a note saying why, and links", async () => {
    const draft = drafted(openapi(DESCRIBED), ["zqArchiveShelf", "zqGetFile"]);
    const wire = (op: string, param: string) => draft.manifest.operations?.[op]?.params?.[param]?.wire;
    expect(wire("acme_zq_archive_shelf", "name")).toEqual({ in: "path", multiSegment: true });
    expect(wire("acme_zq_get_file", "key")).toEqual({ in: "path" });
    const notes = notesAt(draft, "operations.acme_zq_archive_shelf.params.name");
    expect(notes.join("\n")).toMatch(/"zqshelves\/\*" says of its value.*\{\+name\}/);
    expect(await linkProblems(draft)).toEqual([]);
  });

  it("is judged as one spanning segments: its / as they are kept whole, sent as %2F refused", () => {
    const draft = drafted(openapi(DESCRIBED), ["zqArchiveShelf"]);
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(draft.openapiText, "openapi.yaml")), {
      basePath: "",
      credential: "form",
    });
    const sent = (path: string) =>
      judge({ method: "POST", url: `https://api.acme.test${path}`, headers: new Headers() });
    const whole = sent("/v1/zqshelves/zq%20one:zqarchive");
    expect(whole.refusals).toEqual([]);
    expect(whole.read.params.get("path:name")).toBe("zqshelves/zq one");
    const encoded = sent("/v1/zqshelves%2Fzq1:zqarchive").refusals;
    expect(encoded.map((r) => r.rule)).toEqual(["x-multi-segment"]);
    expect(encoded[0]?.message).toContain(`its description's path format "zqshelves/*"`);
  });
});

// A resource name's field whole after the API's version (`/v1/{name}:zqarchive`): no literal before it names a
// collection, so the value carries its collections, though neither the template nor the description says so.
describe("a resource name whole after the version", () => {
  const plain = (name: string) => ({ name, description: "The zqshelf." });

  it("marks name, parent, resource and resourceName there, a custom method or more segments after it", () => {
    expect(multiSegmentMarker(plain("name"), "/v1/{name}:zqarchive")).toBe(
      `its place "/v1/{name}": a resource name whole after the version`,
    );
    expect(multiSegmentMarker(plain("parent"), "/v2beta1/{parent}/zqbooks")).toBeDefined();
    expect(multiSegmentMarker(plain("resource"), "/v1alpha/{resource}:zqgetPolicy")).toBeDefined();
    expect(multiSegmentMarker(plain("name"), "/v2/{name}/zqmanifests/{reference}")).toBeDefined();
    expect(multiSegmentMarker(plain("resourceName"), "/v3/{resourceName}")).toBeDefined();
  });

  it("marks no other field, place or version, nor one the description asks encoded", () => {
    expect(multiSegmentMarker(plain("id"), "/v1/{id}:zqarchive")).toBeUndefined();
    expect(multiSegmentMarker(plain("namespace"), "/v1/{namespace}/zqbooks")).toBeUndefined();
    expect(multiSegmentMarker(plain("name"), "/zqshelves/{name}")).toBeUndefined();
    expect(multiSegmentMarker(plain("name"), "/v1/zqshelves/{name}")).toBeUndefined();
    expect(multiSegmentMarker(plain("name"), "/api/v1/{name}")).toBeUndefined();
    expect(multiSegmentMarker(plain("name"), "/v1/{name}.{format}")).toBeUndefined();
    const encoded = { name: "name", description: "The zqshelf's name, URL-encoded" };
    expect(multiSegmentMarker(encoded, "/v1/{name}:zqarchive")).toBeUndefined();
  });

  // A custom method's resource (`/v1/{zqendpoint}:zqcount`) its description calls a name, though its field is not one
  // of AIP-122's: a sibling operation gives `zqshelves/{zqshelf}/zqendpoints/{zqendpoint}` as its format.
  it("marks a custom method's value its description calls a name, all of the path after the version", () => {
    const named = (name: string, description: string) => ({ name, description });
    expect(
      multiSegmentMarker(named("zqendpoint", "Required. The name of the zqendpoint."), "/v1/{zqendpoint}:zqcount"),
    ).toBe(
      `its place "/v1/{zqendpoint}:zqcount", a custom method on what its description calls a name: a resource ` +
        "name whole after the version",
    );
    expect(
      multiSegmentMarker(named("zqsession", "Resource name of the zqsession."), "/v1beta2/{zqsession}:zqread"),
    ).toBeDefined();
    expect(multiSegmentMarker(named("zqshelf", "The zqshelf's name."), "/v1/{zqshelf}:zqcount")).toBeDefined();
    // Not a name by its words, no custom method, more path after it, no version, or asked encoded: one segment.
    expect(multiSegmentMarker(named("zqendpoint", "The zqendpoint."), "/v1/{zqendpoint}:zqcount")).toBeUndefined();
    expect(multiSegmentMarker(named("zqendpoint", "The zqendpoint's name."), "/v1/{zqendpoint}")).toBeUndefined();
    const more = "/v1/{zqendpoint}:zqcount/zqbooks";
    expect(multiSegmentMarker(named("zqendpoint", "The zqendpoint's name."), more)).toBeUndefined();
    expect(
      multiSegmentMarker(named("zqendpoint", "The zqendpoint's name."), "/zq/{zqendpoint}:zqcount"),
    ).toBeUndefined();
    const asked = named("zqendpoint", "The zqendpoint's name, URL-encoded.");
    expect(multiSegmentMarker(asked, "/v1/{zqendpoint}:zqcount")).toBeUndefined();
  });

  it("drafts a custom method's named value multiSegment, and the judge refuses it sent as %2F", async () => {
    const doc = openapi({
      "/v1/{zqendpoint}:zqcount": {
        post: {
          operationId: "zqCountTokens",
          parameters: [
            { name: "zqendpoint", in: "path", required: true, description: "Required. The name of the zqendpoint." },
          ].map((p) => ({ ...p, schema: { type: "string" } })),
          responses: ok,
        },
      },
    });
    const draft = drafted(doc, ["zqCountTokens"]);
    expect(draft.manifest.operations?.acme_zq_count_tokens?.params?.zqendpoint?.wire).toEqual({
      in: "path",
      multiSegment: true,
    });
    expect(await linkProblems(draft)).toEqual([]);
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(draft.openapiText, "openapi.yaml")), {
      basePath: "",
      credential: "form",
    });
    const sent = (path: string) =>
      judge({ method: "POST", url: `https://api.acme.test${path}`, headers: new Headers() }).refusals;
    expect(sent("/v1/zqshelves/zq%20one/zqendpoints/e1:zqcount")).toEqual([]);
    expect(sent("/v1/zqshelves%2Fzq1%2Fzqendpoints%2Fe1:zqcount").map((r) => r.rule)).toEqual(["x-multi-segment"]);
  });

  it("is drafted multiSegment with a note, and a value sent as %2F is refused by the judge", async () => {
    const doc = openapi({
      "/v1/{name}:zqarchive": {
        post: {
          operationId: "zqArchiveNamed",
          parameters: [{ ...plain("name"), in: "path", required: true, schema: { type: "string" } }],
          responses: ok,
        },
      },
    });
    const draft = drafted(doc, ["zqArchiveNamed"]);
    expect(draft.manifest.operations?.acme_zq_archive_named?.params?.name?.wire).toEqual({
      in: "path",
      multiSegment: true,
    });
    expect(notesAt(draft, "operations.acme_zq_archive_named.params.name").join("\n")).toContain(
      `as its place "/v1/{name}" says (a resource name whole after the version)`,
    );
    expect(await linkProblems(draft)).toEqual([]);
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(draft.openapiText, "openapi.yaml")), {
      basePath: "",
      credential: "form",
    });
    const sent = (path: string) =>
      judge({ method: "POST", url: `https://api.acme.test${path}`, headers: new Headers() }).refusals;
    expect(sent("/v1/zqshelves/zq%20one:zqarchive")).toEqual([]);
    expect(sent("/v1/zqshelves%2Fzq1:zqarchive").map((r) => r.rule)).toEqual(["x-multi-segment"]);
  });
});

// Connexion's convention (Flask's `path` converter): a path parameter's schema `format: path` says its value is a path
// of several segments, routed on the raw path.
describe("a path parameter whose schema's format is path", () => {
  const doc = openapi({
    "/zqvault/{zqfile}": {
      get: {
        operationId: "zqGetVaultFile",
        parameters: [
          {
            name: "zqfile",
            in: "path",
            required: true,
            description: "Path to the zqfile (relative to the zqvault's root).",
            schema: { type: "string", format: "path" },
          },
        ],
        responses: ok,
      },
    },
    "/zqasked/{zqfile}": {
      get: {
        operationId: "zqGetAsked",
        parameters: [
          {
            name: "zqfile",
            in: "path",
            required: true,
            description: "The zqfile's path, URL-encoded.",
            schema: { type: "string", format: "path" },
          },
        ],
        responses: ok,
      },
    },
    "/zqsets/{uri}": {
      get: {
        operationId: "zqGetSet",
        parameters: [
          {
            name: "uri",
            in: "path",
            required: true,
            description: "The encoded zqDataset URI",
            schema: { type: "string", format: "path" },
          },
        ],
        responses: ok,
      },
    },
  });

  it("is marked, unless its description asks it encoded or it shares its segment", () => {
    const p = { name: "zqfile", schema: { type: "string", format: "path" } };
    expect(multiSegmentMarker(p, "/zqvault/{zqfile}")).toBe("format: path");
    expect(multiSegmentMarker({ ...p, description: "URL-encoded" }, "/zqvault/{zqfile}")).toBeUndefined();
    // A URI the words call encoded (`s3://zqbucket/a`: its `//` no segment of a path, so the caller's value is sent as
    // one segment, its `/` as %2F, as the service's own client encodes it).
    for (const description of ["The encoded zqDataset URI", "An encoded URL of the zqfeed", "the zqfile's encoded uri"])
      expect(multiSegmentMarker({ ...p, description }, "/zqvault/{zqfile}")).toBeUndefined();
    // Encoded words about something else leave the mark.
    expect(
      multiSegmentMarker(
        { ...p, description: "Its path; a base64 encoded zqtoken goes in a header" },
        "/zqvault/{zqfile}",
      ),
    ).toBe("format: path");
    expect(multiSegmentMarker(p, "/zqvault/zq-{zqfile}")).toBeUndefined();
    expect(multiSegmentMarker({ name: "zqfile", schema: { type: "string" } }, "/zqvault/{zqfile}")).toBeUndefined();
  });

  it("is drafted multiSegment with a note, links, and the judge refuses its / sent as %2F", async () => {
    const draft = drafted(doc, ["zqGetVaultFile", "zqGetAsked"]);
    const wire = (op: string) => draft.manifest.operations?.[op]?.params?.zqfile?.wire;
    expect(wire("acme_zq_get_vault_file")).toEqual({ in: "path", multiSegment: true });
    expect(wire("acme_zq_get_asked")).toEqual({ in: "path" });
    expect(notesAt(draft, "operations.acme_zq_get_vault_file.params.zqfile").join("\n")).toMatch(
      /sent as they are \(wire\.multiSegment\), as its schema's format "path" says/,
    );
    expect(await linkProblems(draft)).toEqual([]);
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(draft.openapiText, "openapi.yaml")), {
      basePath: "",
      credential: "form",
    });
    const sent = (path: string) =>
      judge({ method: "GET", url: `https://api.acme.test${path}`, headers: new Headers() });
    const whole = sent("/zqvault/zqnotes/zq%20one.md");
    expect(whole.refusals).toEqual([]);
    expect(whole.read.params.get("path:zqfile")).toBe("zqnotes/zq one.md");
    expect(sent("/zqvault/zqnotes%2Fzq1.md").refusals.map((r) => r.rule)).toEqual(["x-multi-segment"]);
  });

  it("an encoded URI is drafted one segment: its // and / sent as %2F, as the judge reads it", async () => {
    const draft = drafted(doc, ["zqGetSet"]);
    expect(draft.manifest.operations?.acme_zq_get_set?.params?.uri?.wire).toEqual({ in: "path" });
    expect(notesAt(draft, "operations.acme_zq_get_set.params.uri").join("\n")).not.toContain("multiSegment");
    expect(await linkProblems(draft)).toEqual([]);
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(draft.openapiText, "openapi.yaml")), {
      basePath: "",
      credential: "form",
    });
    const sent = judge({
      method: "GET",
      url: "https://api.acme.test/zqsets/s3%3A%2F%2Fzqbucket%2Fa%20b",
      headers: new Headers(),
    });
    expect(sent.refusals).toEqual([]);
    expect(sent.read.params.get("path:uri")).toBe("s3://zqbucket/a b");
  });
});
