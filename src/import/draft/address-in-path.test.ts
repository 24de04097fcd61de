// A path whose first segment is where the call would go, on a server that is not it: a parameter whose example is a
// whole address (`/{zqSellerEndpoint}/zqorders`, example `https://zqseller.zqshop.test`) or, named an endpoint, a host
// name; or a host name written out (`/{zqAccount}.zqshop.com.test/zqapi/zqorders`). OpenAPI's path template sent the
// value as one escaped segment under the document's server, not as the address, and the calls went there. The segment
// is drafted as the operation's own server (cut/path-address-server.ts): a whole address the address each connection
// gives (a user-only base-url parameter named after it), a host with a variable an address template; the call goes
// there, an http one or one with credentials refused before any request, naming the parameter, the rule and the value.
// Two operations that would be one method and path without it are each at their address, their keys told apart by a
// fragment naming it (contract/two-addresses-one-path.test.ts keeps them apart on the wire and in the mock); a
// parameter that is an address at the path's end (a link to check), a file name and an id are left unremarked.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { parse } from "yaml";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "@blockwright/runtime";

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
  "/{zqFirstEndpoint}/zqorders/{zqid}/zqvoid": post("zqVoidFirst", [
    pathParam("zqFirstEndpoint", { example: "https://zqa.zqshop.test" }),
    pathParam("zqid", { example: "zq-1" }),
  ]),
  "/{zqOtherEndpoint}/zqorders/{zqOrder}/zqvoid": post("zqVoidOther", [
    pathParam("zqOtherEndpoint", { example: "https://zqb.zqshop.test" }),
    pathParam("zqOrder", { example: "zq-2" }),
  ]),
  "/{zqFile}.tar.gz": post("zqFile", [pathParam("zqFile", { example: "zqbundle" })]),
});
const ALL = ["zqPlace", "zqCancel", "zqIntegrate", "zqRecords", "zqCheck", "zqFile", "zqVoidFirst", "zqVoidOther"];

/** A call of `tool` with `params` and no base address (its own server's): refused or sent, and the requests left. */
async function sentOrRefusedAt(tool: ToolSpec, params: Record<string, unknown>) {
  const { fetch, seen } = scriptedFetch(json(200, { zqid: "zq1" }));
  const result = await executeToolDefinition(tool, { accessToken: "zq-token-0000000001", ...params }, { fetch });
  return { message: result.success ? "sent" : result.error.message, sent: seen.length };
}

describe("a path whose first segment is where the call would go", () => {
  const d = drafted(document, ALL);
  const idOf = (operationId: string) =>
    Object.keys(d.manifest.operations).find((k) => d.manifest.operations[k]?.operationId === operationId) ?? "";
  const noteOf = (operationId: string) => notesAt(d, `operations.${idOf(operationId)}`).join("\n");

  const cut = () => parse(d.openapiText) as { paths: Record<string, Record<string, { servers?: unknown }>> };
  const tool = async (operationId: string) =>
    (await linkedTools(d)).find((t) => t.operationId === operationId) as ToolSpec;

  it("a parameter whose example is an address: the operation's own server, given once per connection", () => {
    expect(cut().paths["/zqorders"]?.post?.servers).toEqual([
      { url: "https://{zqSellerEndpoint}", variables: { zqSellerEndpoint: { default: "zq.zqshop.test" } } },
    ]);
    expect(d.manifest.operations[idOf("zqPlace")]?.server).toEqual({ param: "zqSellerEndpoint" });
    expect(d.manifest.params?.zqSellerEndpoint).toMatchObject({
      type: "string",
      format: "base-url",
      visibility: "user-only",
    });
    expect(d.manifest.operations[idOf("zqPlace")]?.params ?? {}).not.toHaveProperty("zqSellerEndpoint");
    expect(notesAt(d, "auth").join("\n")).toContain(
      "POST /{zqSellerEndpoint}/zqorders at https://{zqSellerEndpoint} as /zqorders",
    );
  });

  it("a host name the parameter's description calls an endpoint, and one written out: served there", () => {
    expect(d.manifest.operations[idOf("zqCancel")]?.server).toEqual({ param: "instanceUrl" });
    expect(d.manifest.operations[idOf("zqIntegrate")]?.server).toEqual({
      url: "https://{zqAccount}.zqshop.com.test",
      variables: { zqAccount: "zqAccount" },
    });
    expect(cut().paths).toHaveProperty(["/zqapi/zqorders", "post"]);
    // The account is the caller's to give, the credential following it: the document's value an example, no default.
    expect(d.manifest.params?.zqAccount).toMatchObject({ required: true, example: "zqacc", visibility: "user-only" });
    expect(d.manifest.params?.zqAccount).not.toHaveProperty("default");
    for (const operationId of ["zqPlace", "zqCancel", "zqIntegrate"])
      expect(noteOf(operationId)).not.toContain("path begins with");
  });

  it("two that would be one method and path without it: each at its address, told apart by a fragment", () => {
    expect(cut().paths).toHaveProperty(["/zqorders/{zqid}/zqvoid#zqFirstEndpoint", "post", "servers"]);
    expect(cut().paths).toHaveProperty(["/zqorders/{zqOrder}/zqvoid#zqOtherEndpoint", "post", "servers"]);
    expect(d.manifest.operations[idOf("zqVoidFirst")]?.server).toEqual({ param: "zqFirstEndpoint" });
    expect(d.manifest.operations[idOf("zqVoidOther")]?.server).toEqual({ param: "zqOtherEndpoint" });
    expect(notesAt(d, "auth").join("\n")).toContain("each key ends in a fragment naming its address");
    expect(noteOf("zqVoidFirst")).not.toContain("path begins with");
  });

  it("the call goes to the address the connection gives; an http one or none refused before any request", async () => {
    const place = await tool("zqPlace");
    const { fetch, seen } = scriptedFetch(json(200, { zqid: "zq1" }));
    const result = await executeToolDefinition(
      place,
      { accessToken: "zq-token-0000000001", zqSellerEndpoint: "http://127.0.0.1:9" },
      { fetch },
    );
    expect(result.success ? "sent" : result.error.message).toBe("sent");
    expect((seen[0] as { url: string }).url).toBe("http://127.0.0.1:9/zqorders");
    expect(await sentOrRefusedAt(place, { zqSellerEndpoint: "http://zqseller.zqshop.test" })).toEqual({
      message:
        'zqSellerEndpoint: must use https (http is allowed only for loopback hosts), got "http://zqseller.zqshop.test"',
      sent: 0,
    });
    expect(await sentOrRefusedAt(place, {})).toEqual({ message: "zqSellerEndpoint: is required", sent: 0 });
    expect((await sentOrRefusedAt(place, { zqSellerEndpoint: "https://zqseller.zqshop.test" })).sent).toBe(0);
  });

  it("a host name not called an endpoint, an address at the path's end and a file name: as written, no note", () => {
    for (const operationId of ["zqRecords", "zqCheck", "zqFile"]) {
      expect(idOf(operationId)).not.toBe("");
      expect(noteOf(operationId)).not.toContain("path begins with");
      expect(d.manifest.operations[idOf(operationId)]?.server).toBeUndefined();
    }
  });

  it("links: add's own final check passes", async () => {
    expect(await linkProblems(d)).toEqual([]);
  });
});
