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

// Albus: two bearer schemes (a sign-in's JWT, an org's API key), the sessions taking only the key; the newer document
// lets every operation take either, and add drafts them as one input. The manifest kept add's older `apiKey` beside the
// newer auth, named by no credential: generate refused it (BW2017).
describe("a credential the newer document's draft no longer names", () => {
  const bearer = (description?: string) => ({
    type: "http",
    scheme: "bearer",
    ...(description ? { description } : {}),
  });
  const sessions = (security: object[]) =>
    openapi(
      {
        "/zqsessions": {
          get: { operationId: "zqListSessions", security, responses: { "200": reply({ type: "object" }) } },
        },
        "/zqtokens": {
          get: {
            operationId: "zqListTokens",
            security: [{ zqJwt: [] }],
            responses: { "200": reply({ type: "object" }) },
          },
        },
      },
      { securitySchemes: { zqJwt: bearer(), zqOrgKey: bearer("Org-scoped API key") } },
      { security: [{ zqJwt: [] }, { zqOrgKey: [] }] },
    );
  const older = sessions([{ zqOrgKey: [] }]);
  const newer = sessions([{ zqJwt: [] }, { zqOrgKey: [] }]);
  const ids = ["zqListSessions", "zqListTokens"];
  const draft = drafted(older, ids);

  it("is taken out where add drafted it, with a line and a note", () => {
    const before = Object.keys(draft.manifest.params ?? {});
    const fresh = drafted(newer, ids).manifest;
    const gone = before.filter((name) => !(name in (fresh.params ?? {})));
    expect(gone.length).toBe(1);
    const carried = carryDrafted(draft.manifestText, draft.openapiText, JSON.stringify(newer), "openapi.yaml");
    const manifest = parse(carried.text);
    expect(Object.keys(manifest.params)).toEqual(before.filter((name) => !gone.includes(name)));
    expect(carried.lines).toContain(
      `params.${gone[0]} taken out: a credential the newer document's security, as add drafts it, names no more`,
    );
    expect(carried.text).toContain(`# review: ${gone[0]} was taken out`);
  });

  it("stays where it was changed by hand", () => {
    const name = Object.keys(draft.manifest.params ?? {}).find(
      (n) => !(n in (drafted(newer, ids).manifest.params ?? {})),
    );
    const mine = draft.manifestText.replace(/(\n {2}apiKey:\n)(\s+)/, "$1$2placeholder: my org key\n$2");
    expect(mine).not.toBe(draft.manifestText);
    const carried = carryDrafted(mine, draft.openapiText, JSON.stringify(newer), "openapi.yaml");
    expect(parse(carried.text).params[name!]).toMatchObject({ placeholder: "my org key" });
  });
});

// Cribl: the first versions name no security; a later one offers a bearer or an OAuth 2 client credentials flow, which
// add drafts as auth.flows (the runtime obtains the token) with a clientId and a clientSecret and the token optional.
// The manifest took the flows but not the parameters they name, and kept the token required: generate refused it
// (BW2012, three times).
describe("a client credentials flow the newer document offers", () => {
  const flow = {
    type: "oauth2",
    flows: { clientCredentials: { tokenUrl: "https://zq.invalid/oauth/token", scopes: {} } },
  };
  const health = (security?: object[]) =>
    openapi(
      { "/zqhealth": { get: { operationId: "zqHealth", responses: { "200": reply({ type: "object" }) } } } },
      { securitySchemes: { zqBearer: { type: "http", scheme: "bearer" }, zqClient: flow } },
      { security: security ?? [{ zqBearer: [] }] },
    );

  it("is carried with the parameters its flow names, and the token as add drafts it beside a flow", () => {
    const older = drafted(health(), ["zqHealth"]);
    const newer = health([{ zqClient: [] }, { zqBearer: [] }]);
    const fresh = drafted(newer, ["zqHealth"]).manifest;
    expect(fresh.auth?.flows).toBeDefined();
    const carried = carryDrafted(older.manifestText, older.openapiText, JSON.stringify(newer), "openapi.yaml");
    const manifest = parse(carried.text);
    expect(manifest.auth).toEqual(fresh.auth);
    expect(manifest.params).toEqual(fresh.params);
    expect(carried.lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^params\.\w+: a credential the newer document asks of each call/),
        expect.stringMatching(/^params\.\w+: optional, as add drafts it beside an OAuth flow the newer document/),
      ]),
    );
  });
});

// Asana: two bearer schemes, `oauth2` and a personal access token; the newer document makes the token the first way,
// and add names the other scheme's input after it (`oauth2`). The scheme's name, read as a parameter the auth names,
// added a parameter `oauth2` no credential sends (BW2017 in the history bench's regeneration).
describe("a scheme bearing a parameter's name", () => {
  const bearer = { type: "http", scheme: "bearer" };
  const op = (id: string, security: object[]) => ({
    get: { operationId: id, security, responses: { "200": reply({ type: "object" }) } },
  });
  // The first way is the scheme the most operations take: `first` alone on one, either on the other.
  const tasks = (first: string, second: string) =>
    openapi(
      {
        "/zqtasks": op("zqListTasks", [{ [first]: [] }]),
        "/zqtags": op("zqListTags", [{ [first]: [] }, { [second]: [] }]),
      },
      { securitySchemes: { zqAlpha: bearer, zqBeta: bearer } },
    );

  it("is not read as naming it: every parameter the carried manifest holds is one its auth sends", async () => {
    const older = drafted(tasks("zqAlpha", "zqBeta"), ["zqListTasks", "zqListTags"]);
    const newer = JSON.stringify(tasks("zqBeta", "zqAlpha"));
    expect(JSON.stringify(drafted(JSON.parse(newer), ["zqListTasks", "zqListTags"]).manifest.auth)).toContain(
      '"param":"zqAlpha"',
    );
    const carried = carryDrafted(older.manifestText, older.openapiText, newer, "openapi.yaml");
    const manifest = parse(carried.text);
    const sent = JSON.stringify(manifest.auth, (key, value) => (key === "scheme" ? undefined : value));
    for (const name of Object.keys(manifest.params)) expect(sent).toContain(`"${name}"`);
  });
});

// A key the only way in, then a second way beside it (`security: [{key}, {bearer}]`, an OAuth client's token): add
// drafts both as auth.alternatives, each credential optional. The manifest took the alternatives and the new token
// but kept the key required, as add drafted it alone: generate refused it (BW2012).
describe("a second way to authenticate beside the first", () => {
  const reports = (security: object[]) =>
    openapi(
      { "/zqreports": { get: { operationId: "zqListReports", responses: { "200": reply({ type: "object" }) } } } },
      { securitySchemes: { zqKey: key("X-Zq-Key"), zqBearer: { type: "http", scheme: "bearer" } } },
      { security },
    );

  it("makes the older credential optional, as add drafts it among ways, and words the new one as a way's", () => {
    const older = drafted(reports([{ zqKey: [] }]), ["zqListReports"]);
    const first = older.manifest.auth!.param!;
    expect(older.manifest.params![first]!.required).toBe(true);
    const newer = reports([{ zqKey: [] }, { zqBearer: [] }]);
    const fresh = drafted(newer, ["zqListReports"]).manifest;
    expect(fresh.auth!.alternatives).toHaveLength(1);
    const carried = carryDrafted(older.manifestText, older.openapiText, JSON.stringify(newer), "openapi.yaml");
    const manifest = parse(carried.text);
    expect(manifest.auth).toEqual(fresh.auth);
    expect(manifest.params).toEqual(fresh.params);
    expect(carried.lines).toContain(`params.${first}: optional, as add drafts it among ways to authenticate`);
    const added = Object.keys(fresh.params!).filter((name) => !(name in older.manifest.params!));
    expect(added).toHaveLength(1);
    expect(carried.lines).toContain(
      `params.${added[0]}: a credential of one of the ways to authenticate the newer document offers, as add drafts it`,
    );
    expect(carried.text).toContain("# review: optional: the newer document offers other ways to authenticate");
  });

  it("stays required where it was changed by hand", () => {
    const older = drafted(reports([{ zqKey: [] }]), ["zqListReports"]);
    const first = older.manifest.auth!.param!;
    const mine = older.manifestText.replace(`\n  ${first}:\n`, `\n  ${first}:\n    placeholder: my zq key\n`);
    expect(mine).not.toBe(older.manifestText);
    const newer = JSON.stringify(reports([{ zqKey: [] }, { zqBearer: [] }]));
    const carried = carryDrafted(mine, older.openapiText, newer, "openapi.yaml");
    expect(parse(carried.text).params[first]).toMatchObject({ placeholder: "my zq key", required: true });
  });
});
