// A path whose first segment is where the call would go, on a server that is not it: a parameter whose example is a
// whole address (`/{zqSellerEndpoint}/zqorders`, example `https://zqseller.zqshop.test`) or, named an endpoint, a host
// name; or a host name written out (`/{zqAccount}.zqshop.com.test/zqapi/zqorders`). OpenAPI's path template sends the
// value as one escaped segment under the document's server, not as the address: add drafted it without a word, and its
// calls went to the document's server. It is drafted to the letter still, with a note saying so; a parameter that is
// an address at the path's end (a link to check), a file name and an id are left unremarked.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }) };
const pathParam = (name: string, schema: Record<string, unknown>, description?: string) => ({
  name,
  in: "path",
  required: true,
  ...(description ? { description } : {}),
  schema: { type: "string", ...schema },
});
const post = (operationId: string, parameters: unknown[]) => ({
  post: { operationId, parameters, responses: answer },
});
const document = openapi({
  "/{zqSellerEndpoint}/zqorders": post("zqPlace", [
    pathParam("zqSellerEndpoint", { example: "https://zq.zqshop.test" }),
  ]),
  "/{zqHook}/zqorders/{zqid}/zqcancel": post("zqCancel", [
    pathParam("zqHook", { example: "zqseller.zqshop.test" }, "The endpoint the seller registered."),
    pathParam("zqid", { example: "zq-1" }),
  ]),
  "/{zqAccount}.zqshop.com.test/zqapi/zqorders": post("zqIntegrate", [pathParam("zqAccount", { example: "zqacc" })]),
  "/{zqZone}/zqrecords": post("zqRecords", [pathParam("zqZone", { example: "www.zqshop.test" }, "The zone.")]),
  "/zqcheck/{zqLink}": post("zqCheck", [pathParam("zqLink", { example: "https://zq.zqshop.test/a" })]),
  "/{zqFile}.tar.gz": post("zqFile", [pathParam("zqFile", { example: "zqbundle" })]),
});
const ALL = ["zqPlace", "zqCancel", "zqIntegrate", "zqRecords", "zqCheck", "zqFile"];

describe("a path whose first segment is where the call would go", () => {
  const d = drafted(document, ALL);
  const idOf = (operationId: string) =>
    Object.keys(d.manifest.operations).find((k) => d.manifest.operations[k]?.operationId === operationId) ?? "";
  const noteOf = (operationId: string) => notesAt(d, `operations.${idOf(operationId)}`).join("\n");

  it("a parameter whose example is an address: drafted to the letter, with a note", () => {
    expect(d.manifest.operations[idOf("zqPlace")]?.params?.zqSellerEndpoint?.wire).toEqual({ in: "path" });
    expect(noteOf("zqPlace")).toContain(
      `zqPlace's path begins with {zqSellerEndpoint}, whose example "https://zq.zqshop.test" is an address, though ` +
        `its server is "https://api.acme.test": OpenAPI's path template makes it one segment of the path there`,
    );
  });

  it("a host name the parameter's description calls an endpoint, and one written out: a note each", () => {
    expect(noteOf("zqCancel")).toContain(`{zqHook}, whose example "zqseller.zqshop.test" is a host name`);
    expect(noteOf("zqIntegrate")).toContain("begins with a host name ({zqAccount}.zqshop.com.test)");
  });

  it("a host name not called an endpoint, an address at the path's end and a file name: no note", () => {
    for (const operationId of ["zqRecords", "zqCheck", "zqFile"]) {
      expect(idOf(operationId)).not.toBe("");
      expect(noteOf(operationId)).not.toContain("path begins with");
    }
  });

  it("links: add's own final check passes", async () => {
    expect(await linkProblems(d)).toEqual([]);
  });
});
