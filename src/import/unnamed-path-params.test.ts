// A path parameter its path never names (`GET /zqusers/search` declaring a required path parameter `zqDomainId`;
// OpenAPI forbids it): add drafted it and sent nothing, and the request judge refused every call (`required by the
// document, and not sent`). add leaves it out now (a document step, so `upstream --accept`'s re-cut does the same),
// said in the cut's header and a review note; generate refuses a manifest that places a parameter there.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { recut } from "../upstream/recut.js";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const ok = { "200": reply({ type: "object", properties: { id: text } }, { id: "z1" }) };
const domain = { in: "path", name: "zqDomainId", required: true, schema: text };
const doc = () =>
  openapi(
    {
      "/zqusers/search": {
        parameters: [{ $ref: "#/components/parameters/zqDomain" }],
        get: {
          operationId: "searchZqUsers",
          parameters: [
            { in: "query", name: "q", schema: text },
            { ...domain, name: "zqOther" },
          ],
          responses: ok,
        },
      },
      "/zqdomains/{zqDomainId}/users": { get: { operationId: "listZqUsers", parameters: [domain], responses: ok } },
    },
    { parameters: { zqDomain: domain } },
  );
const body = (t: string) =>
  t
    .split("\n")
    .filter((l) => !l.startsWith("#"))
    .join("\n");

describe("a path parameter its path never names", () => {
  it("is left out of the cut, said in its header and a note; the draft links", async () => {
    const d = drafted(doc(), ["searchZqUsers", "listZqUsers"], "zqusers");
    expect(Object.keys(d.manifest.operations?.zqusers_search_zq_users?.params ?? {})).toEqual(["q"]);
    expect(Object.keys(d.manifest.operations?.zqusers_list_zq_users?.params ?? {})).toEqual(["zqDomainId"]);
    const cut = body(d.openapiText);
    expect(cut).not.toContain("zqOther");
    // The component only the left-out parameter $ref'd is not cut; the path that names it keeps its own.
    expect(cut).not.toContain("zqDomain:");
    expect(cut.match(/name: zqDomainId/g)).toHaveLength(1);
    const changed = d.openapiText.split("\n").find((l) => l.startsWith("# Changed by blockwright add"));
    expect(changed).toContain(
      "/zqusers/search path parameter zqDomainId, GET /zqusers/search path parameter zqOther left out",
    );
    expect(d.notes.map((n) => n.note)).toContain(
      "openapi.yaml leaves out /zqusers/search path parameter zqDomainId, GET /zqusers/search path parameter " +
        "zqOther: a path parameter its path never names (no {name} in the path), which OpenAPI forbids and no " +
        "request can carry; if the API needs the value, write the path with it as the API's own examples call it",
    );
    expect(await linkProblems(d, "zqusers")).toEqual([]);
  });

  it("is left out of upstream --accept's re-cut of a newer document too", () => {
    const d = drafted(doc(), ["searchZqUsers"], "zqusers");
    const cut = recut(d.openapiText, doc(), [{ method: "get", path: "/zqusers/search" }], "zq-2.json", "1".repeat(64));
    expect(body(cut.text)).not.toContain("zqOther");
  });

  it("is refused by generate where a manifest places a parameter there", async () => {
    const d = drafted(doc(), ["listZqUsers"], "zqusers");
    const moved = d.openapiText.replace("/zqdomains/{zqDomainId}/users:", "/zqdomains/users:");
    expect(moved).not.toBe(d.openapiText);
    expect(await linkProblems({ ...d, openapiText: moved }, "zqusers")).toEqual([
      expect.stringMatching(/^specs\/zqusers\/manifest\.yaml:\d+:\d+: /),
    ]);
    const [problem] = await linkProblems({ ...d, openapiText: moved }, "zqusers");
    expect(problem?.replace(/^[^ ]+ /, "")).toBe(
      'operations.zqusers_list_zq_users.params.zqDomainId.wire: path parameter "zqDomainId" of operation ' +
        '"listZqUsers" is not in its path "/zqdomains/users", which names no {zqDomainId}: OpenAPI requires a path ' +
        "parameter to be named by its path, and no request carries one that is not; leave the parameter out, or " +
        "write the path with it",
    );
  });
});
