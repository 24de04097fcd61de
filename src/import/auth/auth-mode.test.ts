// A requirement whose companion scheme is a mode the request names, its values said in the document's words
// ("Possible values: jwt or anonymous"): drafted as a parameter of those values, not a secret (a secret is never
// shorter than the runtime's least, which refused the documented `jwt`), and sent beside the credential.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";
import { namedValues } from "./credential-params.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const one = (schemes: Json, security: Json[]) =>
  openapi(
    {
      "/zqme": {
        get: {
          operationId: "me",
          security,
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "u1" }) },
        },
      },
    },
    { securitySchemes: schemes },
    { security: null },
  );

// As published documents write it: the sentence wrapped between its words, the values in backticks.
const MODE =
  "Zq-Auth-Mode should always be set. Possible\nvalues: `jwt` or `anonymous`.\n\n`jwt`: the Authorization header " +
  "holds a token.";

describe("a companion scheme whose description names the values it takes", () => {
  it("reads the values a description names, and none from prose that names no short list", () => {
    expect(namedValues(MODE)).toEqual(["jwt", "anonymous"]);
    expect(namedValues("Allowed values are: `live`, `test` and `sandbox`.")).toEqual(["live", "test", "sandbox"]);
    expect(namedValues("Your secret key. Keep it safe.")).toBeUndefined();
    expect(namedValues("Possible values: any string your dashboard shows")).toBeUndefined();
    expect(namedValues(undefined)).toBeUndefined();
  });

  it(
    "is drafted as a parameter of those values, not secret, and a call with the documented " + "value sends it",
    async () => {
      const schemes = {
        zqJwt: { type: "apiKey", in: "header", name: "Authorization", description: "A JWT." },
        zqMode: { type: "apiKey", in: "header", name: "Zq-Auth-Mode", description: MODE },
      };
      const d = drafted(one(schemes, [{ zqJwt: [], zqMode: [] }]), ["me"]);
      const mode = Object.values(d.manifest.params ?? {}).find((p) =>
        (p as { description?: string }).description?.includes("Zq-Auth-Mode"),
      );
      expect(mode).toMatchObject({ type: "string", enum: ["jwt", "anonymous"] });
      expect(mode).not.toHaveProperty("secret");
      expect(await linkProblems(d)).toEqual([]);
      const [tool] = await linkedTools(d);
      const sent: Record<string, string>[] = [];
      const fetch = async (r: Request) => {
        sent.push(Object.fromEntries(r.headers));
        return new Response(JSON.stringify({ id: "u1" }), { headers: { "content-type": "application/json" } });
      };
      const modeParam = Object.entries(d.manifest.params ?? {}).find(([, p]) => p === mode)?.[0] as string;
      const jwtParam = d.manifest.auth?.param as string;
      const result = await executeToolDefinition(
        tool!,
        { [jwtParam]: "zq.jwt.token-0001", [modeParam]: "jwt" },
        { fetch, baseUrl: "http://127.0.0.1:9" },
      );
      expect(result.success).toBe(true);
      expect(sent[0]).toMatchObject({ authorization: "zq.jwt.token-0001", "zq-auth-mode": "jwt" });
    },
  );
});

// A requirement of a key and three terse companions (a client's name, the answer's format, the protocol's version,
// each a one-letter query parameter): drafted secret, each was refused below the runtime's least length of a secret
// (`json`, `1.2`), so no call with the documented values could be made.
describe("companion schemes of one-letter names, named by their scheme or their quoted values", () => {
  it("reads quoted values after 'must be', and no rule's prose", () => {
    expect(namedValues("The response format. Must be 'xml' or 'json'.")).toEqual(["xml", "json"]);
    expect(namedValues("Must be at least 8 characters or a token.")).toBeUndefined();
  });

  it("drafts them plain, and a call with short values sends each beside the key", async () => {
    const q = (name: string, description: string) => ({ type: "apiKey", in: "query", name, description });
    const schemes = {
      zqKeyAuth: q("apiKey", "An API key."),
      zqClientName: q("c", "A unique string naming the client application."),
      zqFormat: q("f", "The response format. Must be 'xml' or 'json'."),
      zqProtocolVersion: q("v", "The protocol version the client implements."),
      zqSalt: q("s", "A random string."),
    };
    const d = drafted(
      one(schemes, [{ zqKeyAuth: [], zqClientName: [], zqFormat: [], zqProtocolVersion: [], zqSalt: [] }]),
      ["me"],
    );
    const params = d.manifest.params ?? {};
    expect(params.c).not.toHaveProperty("secret");
    expect(params.v).not.toHaveProperty("secret");
    expect(params.f).toMatchObject({ enum: ["xml", "json"] });
    expect(params.f).not.toHaveProperty("secret");
    // A terse name whose scheme says nothing of it stays a secret.
    expect(params.s).toMatchObject({ secret: true });
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const urls: string[] = [];
    const fetch = async (r: Request) => {
      urls.push(r.url);
      return new Response(JSON.stringify({ id: "u1" }), { headers: { "content-type": "application/json" } });
    };
    const key = d.manifest.auth?.param as string;
    const given = { [key]: "zq-key-000001", c: "app", f: "json", v: "1.2", s: "zq-salt-00001" };
    const result = await executeToolDefinition(tool!, given, { fetch, baseUrl: "http://127.0.0.1:9" });
    expect(result.success).toBe(true);
    const sent = new URL(urls[0] as string).searchParams;
    expect([sent.get("c"), sent.get("f"), sent.get("v"), sent.get("apiKey")]).toEqual([
      "app",
      "json",
      "1.2",
      "zq-key-000001",
    ]);
  });
});
