// A kept tag may hold a `$ref` of its own (an extension naming the schema of its resource, as some published
// documents do): the cut kept the tag as it is but not the component it names, and wrote a document whose `$ref`
// resolves nowhere (openapi-typescript, Redocly and other readers of the written openapi.yaml refuse it). What a kept
// tag or a top-level key kept as it is names is kept too; a tag no kept operation uses, and what it names, go.
import { describe, expect, it } from "vitest";
import { cutDocument } from "./cut.js";

const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const doc = {
  openapi: "3.0.3",
  info: { title: "zq files", version: "1", "x-zq-root": schema("ZqRoot") },
  tags: [
    { name: "zqfiles", "x-zq-model": schema("ZqFile") },
    { name: "zqfolders", "x-zq-model": schema("ZqFolder") },
  ],
  paths: {
    "/zqfiles": { get: { operationId: "zqListFiles", tags: ["zqfiles"], responses: { "204": { description: "ok" } } } },
    "/zqfolders": {
      get: { operationId: "zqListFolders", tags: ["zqfolders"], responses: { "204": { description: "ok" } } },
    },
  },
  components: {
    schemas: {
      ZqRoot: { type: "string" },
      ZqFile: { type: "object", properties: { owner: schema("ZqOwner") } },
      ZqOwner: { type: "string" },
      ZqFolder: { type: "object" },
    },
  },
};

describe("the cut of a document whose tags hold $refs", () => {
  const { document, report } = cutDocument(doc, [{ path: "/zqfiles", method: "get" }]);

  it("keeps what a kept tag and a kept top-level key name, and what those reach", () => {
    expect(Object.keys((document.components as { schemas: object }).schemas).sort()).toEqual([
      "ZqFile",
      "ZqOwner",
      "ZqRoot",
    ]);
    expect(document.tags).toEqual([doc.tags[0]]);
    expect(report.unresolved).toEqual([]);
  });

  it("leaves no $ref in the cut that names a component it left out", () => {
    const kept = (document.components as { schemas: Record<string, unknown> }).schemas;
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(kept, name).toHaveProperty(name as string);
  });
});
