// A document declaring one key scheme (and requiring it for the whole document), whose every operation names another
// scheme it never declares: add refused each operation as one no call could meet, so the document drafted nothing.
// Such a requirement is read as the document's own now (or, where it has none, as its one scheme), said in a note and
// in the cut's header. One whose name says no credential (`anonymous`, SigNoz's public dashboards) is read as the
// keyless requirement, whatever the document declares and requires.
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, notesAt, openapi, reply, sentHeaders } from "../../__fixtures__/draft-kit.js";

const ok = { "200": reply({ type: "object", properties: { count: { type: "number" } } }, { count: 1 }) };
const key = { zqKey: { type: "apiKey", in: "header", name: "x-zq-key" } };

function document(security: unknown, schemes: Record<string, unknown> = key, top?: unknown) {
  const doc = openapi(
    {
      "/zq.list": { get: { operationId: "zqList", security, responses: ok } },
      "/zq.open": { get: { operationId: "zqOpen", security: [], responses: ok } },
    },
    { securitySchemes: schemes },
    top === undefined ? {} : { security: top },
  );
  if (top === undefined) delete doc.security;
  return doc;
}

describe("a requirement naming a scheme the document does not declare", () => {
  it("is read as the document's own requirement: the key sent, said in a note and the cut's header", async () => {
    const d = drafted(document([{ ZqAuthorization: [] }], key, [{ zqKey: [] }]), ["zqList", "zqOpen"]);
    expect(d.manifest.auth).toMatchObject({ scheme: "zqKey" });
    expect(notesAt(d, "auth").join(" ")).toContain("security scheme ZqAuthorization is not declared");
    expect(d.openapiText).toContain("GET /zq.list.security (ZqAuthorization: not declared; read as zqKey)");
    expect(d.openapiText).not.toContain("ZqAuthorization: []");
    expect(await linkProblems(d)).toEqual([]);
    const headers = await sentHeaders(d, { apiKey: "zq-key-0000000001" });
    expect(headers.get("x-zq-key")).toBe("zq-key-0000000001");
  });

  it("is read as the one scheme declared where the document requires none of its own", async () => {
    const d = drafted(document([{ ZqAuthorization: [] }]), ["zqList"]);
    expect(d.manifest.auth).toMatchObject({ scheme: "zqKey" });
    expect(d.openapiText).toContain("read as zqKey");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is left where an alternative names a declared scheme, or several are declared and none required", () => {
    const beside = drafted(document([{ ZqAuthorization: [] }, { zqKey: [] }], key, [{ zqKey: [] }]), ["zqList"]);
    expect(beside.openapiText).not.toContain("not declared; read as");
    const two = { ...key, zqBasic: { type: "http", scheme: "basic" } };
    expect(() => drafted(document([{ ZqAuthorization: [] }], two), ["zqList"])).toThrow(/ZqAuthorization/);
  });

  it("whose name says no credential (anonymous, public) is read as keyless, beside several schemes", async () => {
    const two = { ...key, zqBasic: { type: "http", scheme: "basic" } };
    for (const name of ["anonymous", "Public", "noAuth"]) {
      const doc = document([{ [name]: [] }], two);
      (doc.paths as Record<string, unknown>)["/zq.zkeyed"] = {
        get: { operationId: "zqZKeyed", security: [{ zqKey: [] }], responses: ok },
      };
      const d = drafted(doc, ["zqList", "zqZKeyed"]);
      expect(d.openapiText).toContain(`GET /zq.list.security (${name}: not declared; read as none, keyless)`);
      expect(notesAt(d, "auth").join(" ")).toContain(`security scheme ${name} is not declared, and its name says no`);
      expect(await linkProblems(d)).toEqual([]);
      // Called with no credential at all, the keyless operation sends its request, and none.
      const headers = await sentHeaders(d, {});
      expect([...headers.keys()].filter((h) => /key|authorization/i.test(h))).toEqual([]);
    }
  });

  it("whose name says no credential beside one that does not, or another name, stays as before", () => {
    const two = { ...key, zqBasic: { type: "http", scheme: "basic" } };
    expect(() => drafted(document([{ anonymous: [], ZqToken: [] }], two), ["zqList"])).toThrow(/ZqToken/);
    expect(() => drafted(document([{ ZqPublicKey: [] }], two), ["zqList"])).toThrow(/ZqPublicKey/);
  });
});
