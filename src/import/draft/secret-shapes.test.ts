// A field whose name ends in a password's word, yet whose schema says it holds no password (review55): a setting's
// on/off enum (`enforce_strong_password`), a boolean, a link (`forgot_password`, `format: uri` or described
// as a link). Drafted secret and set by a person, it asked a person for a value anyone may read in the document; it
// stays plain, while a text of the same name-shape stays secret.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { secretField } from "../../load/schemas/secrets/secret-names.js";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const settings = {
  type: "object",
  properties: {
    zq_enforce_strong_password: { type: "string", enum: ["on", "off"] },
    zq_forgot_password: { type: "string", format: "uri" },
    zqForgotPassword: { type: "string", maxLength: 200, description: "Link to the page where a user resets it." },
    zq_admin_password: { type: "string", minLength: 12, maxLength: 72 },
    zq_portal_password: { type: "string", minLength: 12, maxLength: 72, description: "The password for the URL." },
  },
};
const doc = openapi({
  "/zqsettings": {
    put: {
      operationId: "putZqsettings",
      requestBody: { required: true, content: { "application/json": { schema: settings } } },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "s1" }) },
    },
  },
});

describe("a password-named field whose schema holds no password", () => {
  it("is drafted plain as an enum or a link, a text of the same name secret", async () => {
    const d = drafted(doc, ["putZqsettings"], "zqshape");
    const params = d.manifest.operations.zqshape_put_zqsettings?.params ?? {};
    for (const name of ["zq_enforce_strong_password", "zq_forgot_password", "zqForgotPassword"]) {
      expect(params[name], name).toBeDefined();
      expect(params[name]?.secret, name).toBeFalsy();
      expect(params[name]?.visibility, name).toBeUndefined();
    }
    for (const name of ["zq_admin_password", "zq_portal_password"])
      expect(params[name], name).toMatchObject({ secret: true, visibility: "user-only" });
    expect(await linkProblems(d, "zqshape")).toEqual([]);
  });

  it("is no secret inside a JSON value as a boolean, an enum or an address; a number stays one (a PIN)", () => {
    expect(secretField("zqEnforceStrongPassword", { type: "boolean" })).toBe(false);
    expect(secretField("zqEnforceStrongPassword", { type: ["boolean", "null"] })).toBe(false);
    expect(secretField("zq_card_password", { type: ["integer", "null"] })).toBe(true);
    expect(secretField("zq_card_password", { type: "number" })).toBe(true);
    expect(secretField("zq_enforce_strong_password", { type: "string", enum: ["on", "off"] })).toBe(false);
    expect(secretField("zq_forgot_password", { type: "string", format: "uri" })).toBe(false);
    expect(secretField("zq_forgot_password", { type: "string", description: "The URL of the reset page." })).toBe(
      false,
    );
    expect(secretField("zq_forgot_password", { type: "string" })).toBe(true);
    expect(secretField("zq_share_password", { type: "string", description: "Link password of the share." })).toBe(true);
    expect(secretField("zq_share_password", { type: "string", description: "The link's password." })).toBe(true);
    expect(secretField("zq_enforce_strong_password", { type: "string", format: "password", enum: ["x"] })).toBe(true);
  });
});
