// A path variable a credential by its name (`{zqOwnerKey}`) in every chosen operation's path, no security scheme: it is
// the credential the address carries only where its declared values can be a secret's. Typed as no secret is (an
// integer key: an id), it is an ordinary parameter; before, it was drafted as the credential, and the suite's stand-in
// (text) broke the parameter's integer schema in every request (the mocks refused them).
import { describe, expect, it } from "vitest";
import { draftCredential } from "../auth/credential.js";
import { addressCredential } from "./address-credential.js";

type Json = Record<string, unknown>;

/** A document of two operations under `/owners/{zqOwnerKey}/…`, the variable's schema given by reference. */
function documentWith(schema: Json): { document: Json; operations: { op: Json; path: string }[] } {
  const ref = { $ref: "#/components/parameters/zqOwnerKey" };
  const get = { operationId: "zqList", parameters: [ref], responses: { 200: { description: "OK" } } };
  const put = { operationId: "zqPut", parameters: [ref], responses: { 204: { description: "done" } } };
  const document: Json = {
    openapi: "3.0.0",
    servers: [{ url: "https://zq.example.test/api" }],
    paths: { "/owners/{zqOwnerKey}/items": { get }, "/owners/{zqOwnerKey}/items/sync": { put } },
    components: {
      parameters: { zqOwnerKey: { name: "zqOwnerKey", in: "path", required: true, description: "The owner", schema } },
    },
  };
  return {
    document,
    operations: [
      { op: get, path: "/owners/{zqOwnerKey}/items" },
      { op: put, path: "/owners/{zqOwnerKey}/items/sync" },
    ],
  };
}

describe("a path variable named like a credential, typed as no secret is", () => {
  it.each([
    ["an integer", { type: "integer", format: "int64" }],
    ["a number", { type: "number" }],
    ["a listed choice", { type: "string", enum: ["eu", "us"] }],
    ["a date", { type: "string", format: "date" }],
  ])("is no credential when its schema is %s (the parameter stays ordinary)", (_, schema) => {
    const { document, operations } = documentWith(schema);
    expect(addressCredential(document, operations)).toBeUndefined();
  });

  it("is the credential when its schema is text", () => {
    const { document, operations } = documentWith({ type: "string" });
    expect(addressCredential(document, operations)).toMatchObject({ variable: "zqOwnerKey", description: "The owner" });
  });
});

describe("a path variable the credential, whose schema bounds its values (its own pattern, format uuid)", () => {
  // Before, the credential's pattern was any path segment's: the suite's stand-in (`bw-contract-credential-0001`) and
  // its made values broke the slot's own schema in every request (the mocks refused them).
  const key = "3f2b8c1e-9d4a-4e7b-8c2d-1a2b3c4d5e6f";
  it.each([
    ["format uuid", { type: "string", format: "uuid" }, key],
    ["its own pattern", { type: "string", pattern: "^zq[a-f0-9]{8}$" }, "zq0a1b2c3d"],
  ])("takes the slot's values only, by %s", (_, schema, taken) => {
    const { document, operations } = documentWith(schema);
    const found = addressCredential(document, operations);
    expect(found).toMatchObject({ variable: "zqOwnerKey" });
    const pattern = new RegExp(found?.pattern ?? "");
    expect([pattern.test(taken), pattern.test("bw-contract-credential-0001")]).toEqual([true, false]);
  });
});

describe("a path variable named like a credential whose description gives a resource's name as its format", () => {
  // `Format: zqkeys/{zqOwnerKey}`: the value is a resource's name, a path of its own with `/` in it, which a credential
  // (one segment of the address, its `/` always encoded) never is. Before, it was drafted as the credential.
  it.each([
    ["Required. The key to check. Format: zqkeys/{zqOwnerKey}"],
    ["The owner's name. format: `zqowners/{zqowner}/zqkeys/{zqOwnerKey}`"],
  ])("is no credential: %s", (description) => {
    const { document, operations } = documentWith({ type: "string" });
    const parameters = (document.components as Json).parameters as Record<string, Json>;
    (parameters.zqOwnerKey as Json).description = description;
    expect(addressCredential(document, operations)).toBeUndefined();
  });
});

describe("a path variable named like a credential whose description calls it an identifier", () => {
  // `{environmentKey}`, "the environment identifier, e.g. 'production/branch'", in every path of a document with no
  // security scheme (a feature-flag service's environments): drafted as the credential the address carries, a secret
  // parameter withheld from every message, where it is the name of the environment each call acts on.
  it.each([["The zq environment identifier, e.g. 'production/branch'."], ["The zqowner's slug."]])(
    "is no credential: %s",
    (description) => {
      const { document, operations } = documentWith({ type: "string" });
      const parameters = (document.components as Json).parameters as Record<string, Json>;
      (parameters.zqOwnerKey as Json).description = description;
      expect(addressCredential(document, operations)).toBeUndefined();
    },
  );

  it("is the credential still when the description also says it authenticates", () => {
    const { document, operations } = documentWith({ type: "string" });
    const parameters = (document.components as Json).parameters as Record<string, Json>;
    (parameters.zqOwnerKey as Json).description = "The zq API key, the identifier of your account's access.";
    expect(addressCredential(document, operations)).toMatchObject({ variable: "zqOwnerKey" });
  });
});

describe("the review note of a credential the address carries says where the variable is", () => {
  // Found in the public directory (seed 283): a document with no security scheme and a key in every chosen operation's
  // path (`/message/{systemKey}`), its server a bare host, was drafted with the note "its server's path has
  // {systemKey}", sending a reviewer to a server path that has no variable.
  const noteOf = (document: Json, operations: { op: Json; path: string }[]) =>
    draftCredential(
      document,
      operations.map((o, i) => ({ id: `zq${i}`, ...o })),
    ).notes.find((n) => n.includes("{zqOwnerKey}"));

  it("names the operations' paths when only they have it", () => {
    const { document, operations } = documentWith({ type: "string" });
    expect(noteOf(document, operations)).toMatch(
      /^the document declares no security scheme, and every chosen operation's path has \{zqOwnerKey\}/,
    );
  });

  it("names the server's path when the server has it", () => {
    const { document, operations } = documentWith({ type: "string" });
    document.servers = [
      { url: "https://zq.example.test/api/{zqOwnerKey}", variables: { zqOwnerKey: { default: "x" } } },
    ];
    expect(noteOf(document, operations)).toMatch(
      /^the document declares no security scheme, and its server's path has \{zqOwnerKey\}/,
    );
  });
});

describe("a path variable named as a placeholder, its last word saying where the value goes", () => {
  // Found in the public directory (seed 285): no security scheme, `{YOUR_API_KEY_HERE}` in every chosen operation's
  // path, described only by its name: it was drafted as a plain required parameter beside a made-up bearer token, the
  // key taken as literal text on the command line and shown whole in a refusal.
  const named = (name: string) => {
    const { document, operations } = documentWith({ type: "string" });
    const renamed = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll("zqOwnerKey", name));
    return { document: renamed(document) as Json, operations: renamed(operations) as { op: Json; path: string }[] };
  };

  it.each(["YOUR_ZQ_API_KEY_HERE", "zqTokenHere", "zq-secret-goes-here"])("is the credential: %s", (name) => {
    const { document, operations } = named(name);
    expect(addressCredential(document, operations)).toMatchObject({ variable: name, inPaths: true });
    const ops = operations.map((o, i) => ({ id: `zq${i}`, ...o }));
    expect(draftCredential(document, ops).notes.join(" ")).toContain(`{${name}}, a credential by its name:`);
  });

  it.each(["ZQ_PHONE_HERE", "ZQ_PAGE_TOKEN_HERE", "here"])("is no credential when the rest is none: %s", (name) => {
    const { document, operations } = named(name);
    expect(addressCredential(document, operations)).toBeUndefined();
  });
});
