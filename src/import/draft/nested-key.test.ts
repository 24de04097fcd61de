// A key inside an object of a JSON body (a font service's `{auth: {hash}}`, "Authorization hash", its document
// declaring no security scheme): add drafted `auth` as a plain JSON parameter, so a caller typed the key in clear into
// a field no message withholds. It drafts the credential sent there too (auth.alsoSends with the field's path), the
// object holding nothing else no parameter, with a note; the request judge finds the body carrying it as required.
// A key inside an object beside other fields, a declared scheme's, is sent there too and the object stays a parameter;
// a field whose words say nothing of authorising the call (a content hash) stays a plain field.
// A token inside an object where the call's credential is an API key (`{workspace, auth: {accessToken}}` beside an
// `Authorization: ApiKey <key>` scheme: the third-party workspace's token a connection keeps) is the record's, not the
// call's key: it stayed drafted as alsoSends, so the call sent the API key where the workspace's token goes, and the
// caller could not give the token. A token repeats a token, a key a key (as for a declared parameter,
// credential-params.ts repeatsCredential): it is a field of the parameter, a secret by its name.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const KEY = "zq-hash-000000000000000001";
const made = reply({ type: "object", properties: { result: { type: "string" } } }, { result: "made" });

function document(auth: Record<string, unknown>, extra: Record<string, unknown> = {}, components = {}) {
  const body = {
    required: true,
    content: {
      "application/json": {
        schema: { type: "object", required: ["text"], properties: { auth, text: { type: "string" } } },
      },
    },
  };
  return openapi(
    { "/zq/font": { post: { operationId: "makeZqFont", requestBody: body, responses: { "200": made } } } },
    components,
    extra,
  );
}
const hashOnly = {
  type: "object",
  required: ["hash"],
  properties: { hash: { type: "string", description: "Authorization hash" } },
};

describe("a key inside an object of a JSON body", () => {
  it("is drafted as the credential sent there, the object that holds it alone no parameter, and links", async () => {
    const d = drafted(document(hashOnly), ["makeZqFont"]);
    expect(d.manifest.auth).toMatchObject({ alsoSends: [{ in: "body", path: ["auth", "hash"] }] });
    expect(Object.keys(d.manifest.operations.acme_make_zq_font?.params ?? {})).toEqual(["text"]);
    expect(d.manifestText.replace(/\n\s*#\s+/g, " ")).toContain(
      'body field auth.hash ("Authorization hash") is the key that authorises the call',
    );
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const { sent, judged } = await judgedCall(d, tool!, { [d.manifest.auth.param]: KEY, text: "zq" });
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({ text: "zq", auth: { hash: KEY } });
    expect(judged.refusals).toEqual([]);
  });

  it("no scheme declared, goes there alone: none added, no Authorization, a bodiless read asks no key", async () => {
    const doc = document(hashOnly);
    // No scheme at all (the kit's document declares a bearer one).
    delete doc.security;
    doc.components = {};
    (doc.paths as Record<string, unknown>)["/zq/fonts"] = {
      get: { operationId: "listZqFonts", responses: { "200": made } },
    };
    const d = drafted(doc, ["makeZqFont", "listZqFonts"]);
    expect(d.manifest.auth).toEqual({ param: "apiKey", alsoSends: [{ in: "body", path: ["auth", "hash"] }] });
    expect(d.openapiText).not.toContain("securitySchemes");
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true, required: true, title: "API key" });
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const [make, list] = ["acme_make_zq_font", "acme_list_zq_fonts"].map((id) => tools.find((t) => t.id === id));
    expect(make!.auth).toEqual({ type: "places", param: "apiKey", alsoSends: [{ in: "body", pointer: "/auth/hash" }] });
    expect(list!.anonymous).toBe(true);
    const { sent, judged } = await judgedCall(d, make!, { apiKey: KEY, text: "zq" });
    expect(sent.headers.get("authorization")).toBeNull();
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({ text: "zq", auth: { hash: KEY } });
    expect(judged.refusals).toEqual([]);
    const listed = await judgedCall(d, list!, { apiKey: KEY });
    expect(listed.sent.headers.get("authorization")).toBeNull();
    expect(listed.sent.url).not.toContain(KEY);
  });

  it("is sent there by a declared scheme's credential too, its object beside other fields still a parameter", () => {
    const auth = {
      type: "object",
      required: ["key"],
      properties: { key: { type: "string", description: "Your API key." }, zqUser: { type: "string" } },
    };
    const d = drafted(
      document(
        auth,
        { security: [{ zqKey: [] }] },
        { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
      ),
      ["makeZqFont"],
    );
    expect(d.manifest.auth).toMatchObject({ scheme: "zqKey", alsoSends: [{ in: "body", path: ["auth", "key"] }] });
    expect(Object.keys(d.manifest.operations.acme_make_zq_font?.params ?? {}).sort()).toEqual(["auth", "text"]);
  });

  it("leaves a token inside an object a field of it where the credential is an API key, no token", async () => {
    const auth = {
      type: "object",
      required: ["accessToken"],
      properties: { accessToken: { type: "string", example: "Zq workspace access token" } },
    };
    const d = drafted(
      document(
        auth,
        { security: [{ zqKey: [] }] },
        {
          securitySchemes: {
            zqKey: { type: "apiKey", in: "header", name: "Authorization", description: 'Allowed: "ApiKey <key>".' },
          },
        },
      ),
      ["makeZqFont"],
    );
    expect(d.manifest.auth).not.toHaveProperty("alsoSends");
    expect(Object.keys(d.manifest.operations.acme_make_zq_font?.params ?? {}).sort()).toEqual(["auth", "text"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const token = "zq-workspace-token-0000001";
    const { sent, judged } = await judgedCall(d, tool!, {
      [d.manifest.auth.param]: KEY,
      text: "zq",
      auth: { accessToken: token },
    });
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({ text: "zq", auth: { accessToken: token } });
    expect(judged.refusals).toEqual([]);
  });

  it("leaves a field whose words say nothing of authorising the call as it was", () => {
    const auth = {
      type: "object",
      required: ["hash"],
      properties: { hash: { type: "string", description: "The SHA-256 of the file's content." } },
    };
    const d = drafted(document(auth), ["makeZqFont"]);
    expect(d.manifest.auth).not.toHaveProperty("alsoSends");
    expect(Object.keys(d.manifest.operations.acme_make_zq_font?.params ?? {}).sort()).toEqual(["auth", "text"]);
  });
});

// eGain's content export: `{dataDestination: {s3Details: {region, accessKey, secretKey}}}` beside a bearer token. The
// `secretKey` was drafted as the call's key (alsoSends into the S3 details), so the call sent its API token as an AWS
// secret, and generate refused the draft (the object's other required fields supplied by nothing). A key beside
// another key in one object is a pair of another party's (a storage's access and secret keys): a field of the
// parameter, not where the call's one key goes.
describe("a pair of keys inside an object, beside a bearer token", () => {
  it("is the record's, not the call's key: no alsoSends, the object a parameter; the draft links", async () => {
    const s3 = {
      type: "object",
      required: ["region", "accessKey", "secretKey"],
      properties: { region: { type: "string" }, accessKey: { type: "string" }, secretKey: { type: "string" } },
    };
    const destination = { type: "object", required: ["kind"], properties: { kind: { type: "string" }, s3 } };
    const d = drafted(document(destination), ["makeZqFont"]);
    expect(JSON.stringify(d.manifest.auth)).not.toContain("alsoSends");
    expect(Object.keys(d.manifest.operations.acme_make_zq_font?.params ?? {})).toContain("auth");
    expect(await linkProblems(d)).toEqual([]);
  });
});
