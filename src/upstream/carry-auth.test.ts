// `upstream --accept` where the newer document asks a second key with the first on every operation (Maesn's
// `security: [{apiKey: [], accountKey: []}]`): the manifest kept add's draft of the older credential and generate
// refused every operation (BW2007). The manifest's auth, as add drafted it, follows the newer draft, with the parameter
// it names; one written by hand stays.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { drafted, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { carryDrafted } from "./carry.js";

const key = (name: string) => ({ type: "apiKey", in: "header", name });
const ledger = (security: object[]) =>
  openapi(
    { "/zqledgers": { get: { operationId: "zqListLedgers", responses: { "200": reply({ type: "object" }) } } } },
    { securitySchemes: { zqKey: key("X-Zq-Key"), zqAccount: key("X-Zq-Account") } },
    { security },
  );

describe("a credential the newer document asks with the first", () => {
  const older = ledger([{ zqKey: [] }]);
  const newer = ledger([{ zqKey: [], zqAccount: [] }]);
  const draft = drafted(older, ["zqListLedgers"]);

  it("is carried as add drafts it, with its parameter, a line and a note", () => {
    const carried = carryDrafted(draft.manifestText, draft.openapiText, JSON.stringify(newer), "openapi.yaml");
    const manifest = parse(carried.text);
    // As add drafts it from the newer document, but the scheme the manifest sent already keeps its parameter's name.
    const fresh = drafted(newer, ["zqListLedgers"]).manifest;
    const added = fresh.auth!.also![0]!.param!;
    expect(manifest.auth).toEqual({ ...fresh.auth, param: draft.manifest.auth!.param });
    expect(manifest.auth.also).toEqual([{ scheme: "zqAccount", param: added }]);
    expect(manifest.params[added]).toEqual(fresh.params![added]);
    expect(carried.lines).toContain("auth: the newer document's security, as add drafts it");
    expect(carried.text).toContain("# review: the credential follows the newer document's security");
  });

  it("leaves an auth written by hand", () => {
    const mine = draft.manifestText.replace(/^auth:\n(\s+)scheme: zqKey/m, "auth:\n$1scheme: zqKey\n$1prefix: Zq ");
    expect(mine).not.toBe(draft.manifestText);
    const carried = carryDrafted(mine, draft.openapiText, JSON.stringify(newer), "openapi.yaml");
    expect(JSON.stringify(parse(carried.text).auth)).not.toContain("zqAccount");
  });
});
