// One credential, two places: a document whose API key scheme puts the key in the query (`key`) and whose operations
// require it again as a body field of the same name (a multipart `key`, a JSON `key`). add drafted two secret inputs
// (the scheme's and the field's), so a user gave the key twice. It drafts one now, sent at both places
// (auth.alsoSends), with a review note; the request judge, reading the cut, finds the body carrying it as required.
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
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { authKind, credentialAt } from "../../contract/kinds/auth.js";
import { CREDENTIAL } from "../../contract/inputs/values.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const KEY = "zqk_live_0000000000000001";
const spun = reply({ type: "object", properties: { result: { type: "string" } } }, { result: "spun" });

function document(keyRequired = true, encoding = "multipart/form-data") {
  const body = {
    required: true,
    content: {
      [encoding]: {
        schema: {
          type: "object",
          required: keyRequired ? ["key", "text"] : ["text"],
          properties: { key: { type: "string", description: "Your API key." }, text: { type: "string" } },
        },
      },
    },
  };
  return openapi(
    {
      "/zq/spin": { post: { operationId: "spinZqText", requestBody: body, responses: { "200": spun } } },
      "/zq/account": { get: { operationId: "getZqAccount", responses: { "200": spun } } },
    },
    { securitySchemes: { zqKey: { type: "apiKey", in: "query", name: "key" } } },
    { security: [{ zqKey: [] }] },
  );
}

describe("a required body field named as the query key's credential", () => {
  it("is drafted as the credential sent there too: one secret input, a note, the draft links", async () => {
    for (const encoding of ["multipart/form-data", "application/json"]) {
      const d = drafted(document(true, encoding), ["spinZqText", "getZqAccount"]);
      expect(d.manifest.auth, encoding).toMatchObject({ scheme: "zqKey", alsoSends: [{ in: "body", name: "key" }] });
      const secrets = Object.entries(d.manifest.params ?? {}).filter(([, p]) => p.secret);
      const ownSecrets = Object.values(d.manifest.operations).flatMap((op) =>
        Object.values(op.params ?? {}).filter((p) => p.secret),
      );
      expect(secrets.map(([name]) => name)).toEqual([d.manifest.auth.param]);
      expect(ownSecrets).toEqual([]);
      // The review note, its wrapped lines joined.
      expect(d.manifestText.replace(/\n\s*#\s+/g, " ")).toContain(
        'body field "key" is required and named as the credential security scheme zqKey sends as the query key',
      );
      expect(await linkProblems(d)).toEqual([]);
    }
  });

  it("sends the key given once in the query and the body, where the request judge finds it as required", async () => {
    const d = drafted(document(), ["spinZqText", "getZqAccount"]);
    const spin = (await linkedTools(d)).find((t) => t.operationId === "spinZqText");
    const { sent, judged } = await judgedCall(d, spin!, { [d.manifest.auth.param]: KEY, text: "zq text" });
    expect(new URL(sent.url).searchParams.get("key")).toBe(KEY);
    expect(new TextDecoder().decode(sent.body)).toMatch(new RegExp(`name="key"\\r\\n\\r\\n${KEY}\\r\\n`));
    expect(judged.refusals).toEqual([]);
  });

  it("is a contract case of its own: the request carries the credential at each place", async () => {
    const d = drafted(document(), ["spinZqText", "getZqAccount"]);
    const tools = await linkedTools(d);
    const doc = new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml"));
    const names = (id: string) =>
      authKind
        .derive(tools.find((t) => t.operationId === id)!, { provider: "acme", tools, document: doc })
        .map((c) => c.name);
    expect(names("spinZqText")).toContain(
      "the credential goes where its scheme puts it and to body:key (auth.alsoSends)",
    );
    expect(names("getZqAccount").join("\n")).not.toContain("auth.alsoSends");
    const exchange = (type: string, rawBody: string, body: unknown = undefined) => ({
      url: new URL(`https://api.acme.test/zq/spin?key=${CREDENTIAL}`),
      headers: new Headers(type ? { "content-type": type } : {}),
      body,
      rawBody,
    });
    const key = { in: "body", pointer: "/key" } as const;
    const multipart = "multipart/form-data; boundary=b";
    expect(credentialAt(exchange(multipart, "", { key: CREDENTIAL }), key)).toBe(true);
    expect(credentialAt(exchange("application/x-www-form-urlencoded", `text=zq&key=${CREDENTIAL}`), key)).toBe(true);
    expect(credentialAt(exchange("application/json", "", { key: CREDENTIAL }), key)).toBe(true);
    expect(credentialAt(exchange("application/json", "", { key: "zq" }), key)).toBe(false);
    expect(credentialAt(exchange("application/x-www-form-urlencoded", "text=zq"), key)).toBe(false);
    expect(credentialAt(exchange("", ""), { in: "query", name: "key" })).toBe(true);
  });

  it("stays a parameter each call gives where another way sends nothing there; two keys' way sends it", async () => {
    const schemes = {
      securitySchemes: {
        zqKey: { type: "apiKey", in: "query", name: "key" },
        zqToken: { type: "http", scheme: "bearer" },
        zqSecret: { type: "apiKey", in: "header", name: "X-Zq-Secret" },
      },
    };
    const paths = (document().paths ?? {}) as Record<string, unknown>;
    // Several ways: a bearer token first or the key alone. A call by the token would lack the field the document
    // requires, so no way sends it: it is a parameter of the operation, required, and no way covers it.
    const severalDoc = openapi(paths, schemes, { security: [{ zqToken: [] }, { zqKey: [] }] });
    const several = drafted(severalDoc, ["spinZqText", "getZqAccount"]);
    const ways = [several.manifest.auth, ...(several.manifest.auth.alternatives ?? [])];
    expect(ways.map((w) => w.scheme).sort()).toEqual(["zqKey", "zqToken"]);
    expect(ways.map((w) => w.alsoSends)).toEqual([undefined, undefined]);
    expect(several.manifest.auth.covers ?? []).not.toContain("key");
    const spinParams = several.manifest.operations.acme_spin_zq_text?.params ?? {};
    expect(spinParams.key).toMatchObject({ required: true, wire: { in: "body" } });
    const note = several.manifestText.replace(/\n\s*#\s+/g, " ");
    expect(note).toContain('body field "key" is required and named as the credential');
    expect(note).toContain("a call by the other way would send nothing there");
    expect(await linkProblems(several)).toEqual([]);
    // Each case of the suite passes on the mock, whichever way it calls by: the body carries the field each time.
    const on = await draftedOnMock("zqways", severalDoc, ["spinZqText", "getZqAccount"]);
    try {
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
    // A declared header of the key's name alike: a parameter each call gives, secret.
    const headerPaths = {
      "/zq/echo": {
        get: {
          operationId: "echoZqText",
          parameters: [{ name: "key", in: "header", required: true, schema: { type: "string" } }],
          responses: { "200": spun },
        },
      },
    };
    const header = drafted(openapi(headerPaths, schemes, { security: [{ zqToken: [] }, { zqKey: [] }] }), [
      "echoZqText",
    ]);
    expect([header.manifest.auth, ...(header.manifest.auth.alternatives ?? [])].map((w) => w.alsoSends)).toEqual([
      undefined,
      undefined,
    ]);
    expect(header.manifest.operations.acme_echo_zq_text?.params?.key).toMatchObject({
      required: true,
      secret: true,
      wire: { in: "header" },
    });
    expect(await linkProblems(header)).toEqual([]);
    // A way of two keys (the key and a secret header, one requirement): its first key sent in the body too.
    const two = drafted(openapi(paths, schemes, { security: [{ zqKey: [], zqSecret: [] }] }), [
      "spinZqText",
      "getZqAccount",
    ]);
    expect(two.manifest.auth).toMatchObject({ scheme: "zqKey", alsoSends: [{ in: "body", name: "key" }] });
    expect(two.manifest.auth.also?.map((c) => c.scheme)).toEqual(["zqSecret"]);
    expect(await linkProblems(two)).toEqual([]);
  });

  it("links where the body requires the field without listing it as a property, and sends the key there", async () => {
    // A schema may require a field it names nowhere else (`required: [key]`, no `properties.key`): the body still
    // declares it at its top level, and add drafts it as the credential sent there too.
    for (const encoding of ["application/json", "multipart/form-data"]) {
      const spec = document(true, encoding);
      type Spin = { post: { requestBody: { content: Record<string, { schema: { properties: object } }> } } };
      const { properties } = (spec.paths as Record<string, Spin>)["/zq/spin"]?.post.requestBody.content[encoding]
        ?.schema ?? { properties: {} };
      Reflect.deleteProperty(properties, "key");
      Object.assign(properties, { zqTone: { type: "string" } });
      const d = drafted(spec, ["spinZqText", "getZqAccount"]);
      expect(d.manifest.auth, encoding).toMatchObject({ alsoSends: [{ in: "body", name: "key" }] });
      expect(await linkProblems(d), encoding).toEqual([]);
      const spin = (await linkedTools(d)).find((t) => t.operationId === "spinZqText");
      const { sent, judged } = await judgedCall(d, spin!, { [d.manifest.auth.param]: KEY, text: "zq text" });
      expect(new URL(sent.url).searchParams.get("key")).toBe(KEY);
      expect(new TextDecoder().decode(sent.body)).toContain(KEY);
      expect(judged.refusals).toEqual([]);
      // Beside a way that sends nothing there, a parameter: the key's text, a secret (the document gives no type).
      const zqBearer = { type: "http", scheme: "bearer" };
      const securitySchemes = { zqKey: { type: "apiKey", in: "query", name: "key" }, zqBearer };
      const both = { ...spec, components: { securitySchemes }, security: [{ zqKey: [] }, { zqBearer: [] }] };
      const beside = drafted(both, ["spinZqText"]);
      expect(beside.manifest.auth.alternatives?.length, encoding).toBe(1);
      expect(beside.manifest.operations.acme_spin_zq_text?.params?.key, encoding).toMatchObject({
        type: "string",
        required: true,
        secret: true,
      });
      expect(await linkProblems(beside), encoding).toEqual([]);
    }
  });

  it("is left as it was where the field is optional", () => {
    const d = drafted(document(false), ["spinZqText"]);
    expect(d.manifest.auth.alsoSends).toBeUndefined();
  });
});
