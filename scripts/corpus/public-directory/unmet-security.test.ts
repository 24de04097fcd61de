// An operation whose only security requirement is one the runtime sends no credential of (an `http mutual` scheme:
// the server's TLS handshake, no header): add refuses it by name ("it accepts no security requirement the runtime
// sends", BW3010), yet the run picked it, and the document counted as one add cannot read (conjur.local, directory
// seed 150). The picker leaves such an operation out, as add leaves it out of a group; one that also accepts a
// scheme the runtime sends is still taken. A key scheme whose published name no header can carry (prose,
// `"Zq Portal API Key"`) while its description names its key is one add reads as that key
// (src/import/auth/keys/key-names.ts): its operations are picked (rapidapi.com/dynamicdocs.json, seed 199, counted as a
// document "with no operation add can take" while add took its one operation).
import { describe, expect, it } from "vitest";
import { seeded } from "./documents.js";
import { pickOperations } from "./operations.js";

const get = (security?: object[]) => ({
  get: { ...(security ? { security } : {}), responses: { 200: { description: "ok" } } },
});

describe("an operation whose security the runtime meets none of", () => {
  it("is never picked; one that also accepts a bearer token is", () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "zq", version: "1" },
      components: {
        securitySchemes: {
          zqMutual: { type: "http", scheme: "mutual" },
          zqBearer: { type: "http", scheme: "bearer" },
        },
      },
      security: [{ zqBearer: [] }],
      paths: {
        "/zq/mutual": get([{ zqMutual: [] }]),
        "/zq/either": get([{ zqMutual: [] }, { zqBearer: [] }]),
        "/zq/plain": get(),
      },
    };
    for (const seed of [1, 2, 3, 4, 5]) {
      const names = pickOperations(document, 5, seeded(seed)).map((p) => p.name);
      expect(names.sort()).toEqual(["GET /zq/either", "GET /zq/plain"]);
    }
  });

  it("picks an operation whose key scheme's published name is prose, as add reads it as its key", () => {
    const scheme = (key: string) => ({
      type: "apiKey",
      in: "header",
      name: `${key.replace(/-/g, " ")} portal API key`,
      description: `The ${key} header parameter is made on the zq portal.`,
    });
    const document = {
      openapi: "3.0.3",
      info: { title: "zq", version: "1" },
      components: { securitySchemes: { "Zq-Token": scheme("Zq-Token"), "Zq-Other": scheme("Zq-Other") } },
      security: [{ "Zq-Token": [] }, { "Zq-Other": [] }],
      paths: { "/zq/compile": { post: { responses: { 200: { description: "ok" } } } } },
    };
    expect(pickOperations(document, 5, seeded(1)).map((p) => p.name)).toEqual(["POST /zq/compile"]);
  });

  it("is never picked where a required Authorization parameter shows a scheme no call sends, as add reads it", () => {
    // add's document steps (src/import/document-steps.ts) read `Negotiate <…>` as an HTTP negotiate scheme the
    // operation requires with the key: one the runtime sends none of, so add refuses the operation by name.
    const authorization = {
      name: "Authorization",
      in: "header",
      required: true,
      schema: { type: "string", example: "Negotiate <SPNEGO token>" },
    };
    const document = {
      openapi: "3.0.3",
      info: { title: "zq", version: "1" },
      components: { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
      security: [{ zqKey: [] }],
      paths: {
        "/zq/negotiated": { get: { parameters: [authorization], responses: { 200: { description: "ok" } } } },
        "/zq/plain": get(),
      },
    };
    for (const seed of [1, 2, 3])
      expect(pickOperations(document, 5, seeded(seed)).map((p) => p.name)).toEqual(["GET /zq/plain"]);
  });
});
