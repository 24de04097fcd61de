// A header named as a credential that no security scheme declares (`x-auth-secret2`, `X-Zq-Secret`, `x-api-token2`),
// beside the provider's own credential, was drafted a plain input: its value could reach a message, a log or a
// recording, and an agent could be asked to fill it. It is drafted secret, set by a person, with a note saying why; a
// header that names an id (`x-request-id`, `x-tenant-id`, `x-client-id`) or a page's token stays plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const header = (name: string, description?: string) => ({
  name,
  in: "header",
  schema: { type: "string", maxLength: 200 },
  ...(description ? { description } : {}),
});
const secretNames = ["x-auth-secret2", "X-Zq-Secret", "x-zq-password", "x-api-token2", "x-api-token", "X-Secret-Key"];
// An authentication of its own (link audit 1290: a container engine's `X-Registry-Auth`, "A base64-encoded auth
// configuration", a registry's user and password).
secretNames.push("X-Zq-Registry-Auth", "X-Zq-Client-Authentication");
const plainNames = ["x-request-id", "x-tenant-id", "x-client-id", "x-zq-page-token", "X-Zq-Secret-Name"];
const zqDoc = openapi({
  "/zqvaults": {
    get: {
      operationId: "listZqvaults",
      parameters: [
        ...secretNames.map((n) => header(n)),
        ...plainNames.map((n) => header(n)),
        header("X-Zq-Auth-Secret", "Identifies the vault's owner by name."),
        header("X-Zq-Payment-Authorization", "The payment's authorization reference, as the bank gave it."),
        { ...header("X-Zq-Skip-Auth"), schema: { type: "string", enum: ["true", "false"] } },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "v1" }) },
    },
  },
});
const at = "operations.acme_list_zqvaults.params";

describe("a header named as a credential that no security scheme declares", () => {
  it("is drafted secret, set by a person, with a note saying why; an id's header stays plain", async () => {
    const d = drafted(zqDoc, ["listZqvaults"]);
    const params = d.manifest.operations.acme_list_zqvaults?.params ?? {};
    const byWire = new Map(
      Object.entries(params).map(([k, p]) => [p.wire && "name" in p.wire ? p.wire.name : k, { key: k, p }]),
    );
    for (const name of secretNames) {
      expect(byWire.get(name)?.p, name).toMatchObject({ secret: true, visibility: "user-only" });
    }
    // An on/off text (its values listed) holds no secret, whatever its name.
    for (const name of [...plainNames, "X-Zq-Auth-Secret", "X-Zq-Payment-Authorization", "X-Zq-Skip-Auth"])
      expect(byWire.get(name)?.p.secret, name).toBeUndefined();
    const key = byWire.get("x-auth-secret2")?.key ?? "";
    expect(notesAt(d, `${at}.${key}`).join("\n")).toContain(
      "a header named as a credential (a secret, a key or a token), which no security scheme declares: drafted secret",
    );
    expect(d.manifest.auth).toMatchObject({ scheme: "bearer" });
    expect(await linkProblems(d)).toEqual([]);
  });
});
