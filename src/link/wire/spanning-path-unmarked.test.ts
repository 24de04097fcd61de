// A manifest written by hand sending a path parameter the document marks as spanning segments (`x-multi-segment`, a
// `{+name}` template) as one segment: every "/" of a file path went as %2F, which the service reads as part of one
// segment; only the contract suite's judge said so, case by case. The link refuses it at its place, naming the mark
// and what to declare; declared, it links.
import { describe, expect, it } from "vitest";
import { handManifest, handWritten } from "../__fixtures__/hand-written.js";
import { linkedTools, linkProblems, openapi, reply } from "../../import/__fixtures__/draft-kit.js";

const get = (operationId: string, path: object) => ({
  get: {
    operationId,
    parameters: [{ name: "zqPath", in: "path", required: true, schema: { type: "string" }, ...path }],
    responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
  },
});
const document = openapi({
  "/zqfiles/{zqPath}": get("zqReadFile", { "x-multi-segment": true }),
  "/zqlinks/{+zqPath}": get("zqFollow", {}),
});

const tool = (operationId: string, wire: object) => ({
  operationId,
  title: "Read",
  description: "Reads.",
  params: { zqPath: { type: "string", required: true, maxLength: 200, description: "A path.", wire } },
  outputs: { id: { type: "string", description: "The id.", from: "$response.body#/id" } },
});
const manifest = (wire: object, linkWire: object) =>
  handManifest("zqarchive", "Files of a made-up archive.", {
    operations: { zqarchive_read: tool("zqReadFile", wire), zqarchive_follow: tool("zqFollow", linkWire) },
  });
const provider = (wire: object, linkWire: object) => handWritten(document, manifest(wire, linkWire));

describe("a path parameter the document marks as spanning segments, sent as one by the manifest", () => {
  it("is refused at its place, naming the mark and what to declare", async () => {
    const problems = await linkProblems(provider({ in: "path" }, { in: "path" }), "zqarchive");
    expect(problems.map((p) => p.replace(/^[^ ]+ /, ""))).toEqual([
      'operations.zqarchive_follow.params.zqPath.wire: path parameter "zqPath": specs/zqarchive/openapi.yaml marks ' +
        'its value as spanning path segments ({+name}), so its "/" go as they are; declare wire.multiSegment: ' +
        '"reserved" (as one segment, a "/" goes as %2F, which the service reads as part of one segment)',
      'operations.zqarchive_read.params.zqPath.wire: path parameter "zqPath": specs/zqarchive/openapi.yaml marks its ' +
        'value as spanning path segments (x-multi-segment), so its "/" go as they are; declare wire.multiSegment: ' +
        'true (as one segment, a "/" goes as %2F, which the service reads as part of one segment)',
    ]);
  });

  it("links where the manifest declares it", async () => {
    const d = provider({ in: "path", multiSegment: true }, { in: "path", multiSegment: "reserved" });
    expect(await linkProblems(d, "zqarchive")).toEqual([]);
    const tools = (await linkedTools(d, "zqarchive")).sort((a, b) => a.id.localeCompare(b.id));
    expect(
      tools.map(
        (t) =>
          (t.params.find((p) => p.name === "zqPath")?.wire as { multiSegment?: unknown } | undefined)?.multiSegment,
      ),
    ).toEqual(["reserved", true]);
  });
});
