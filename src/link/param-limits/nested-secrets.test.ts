// A secret inside a JSON value (a password a resource is created with, `zqProfile.zqAdminPassword`; a client secret,
// `zqPrincipal.zqSecret`; or a field the document marks `format: password`): a secret parameter's refusal withholds
// its value, but such a field's quoted it ("must match …, got \"Zq…\""), so a call that broke its pattern put the
// password in the error. The field now carries the mark (NestedLimits.secret, read by the name rule a parameter's
// secret is drafted by: load/schemas/secret-names.ts), and its refusal says "(secret value withheld)".
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, jsonBodyTool, sentOrRefused } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const strong = "^(?=.*[a-z])(?=.*[A-Z])[a-zA-Z\\d!@#]{12,123}$";
const profile = {
  type: "object",
  properties: {
    zqAdminUsername: { type: "string", pattern: "^[a-z]+$" },
    zqAdminPassword: { type: "string", pattern: strong },
    zqPrincipal: { type: "object", properties: { zqClientId: { type: "string" }, secret: { type: "string" } } },
    zqPin: { type: "string", format: "password", minLength: 6 },
  },
};

function linkedTool() {
  return jsonBodyTool(
    { method: "put", path: "/zqclusters", operationId: "putZqcluster" },
    "zqProfile",
    profile,
    "zqsecrets",
  );
}

describe("a secret inside a JSON value", () => {
  it("is refused without its value: a password by its name, a secret by its name, a format: password", async () => {
    const tool = await linkedTool();
    const password = await sentOrRefused(tool, { zqProfile: { zqAdminPassword: "zqhunter2hunter2" } }, {});
    expect(password.sent).toBe(0);
    expect(password.message).toContain("zqProfile.zqAdminPassword: must match");
    expect(password.message).toContain("(secret value withheld)");
    expect(password.message).not.toContain("zqhunter2");
    const secret = await sentOrRefused(tool, { zqProfile: { zqPrincipal: { secret: 12345678 } } }, {});
    expect(secret.message).toContain("zqProfile.zqPrincipal.secret: must be a string");
    expect(secret.message).not.toContain("12345678");
    const pin = await sentOrRefused(tool, { zqProfile: { zqPin: "zq1" } }, {});
    expect(pin.message).toContain("zqProfile.zqPin: must be at least 6 characters long");
    expect(pin.message).not.toContain('"zq1"');
  });

  it("leaves a field no secret quoted, and sends a secret that meets its rules", async () => {
    const tool = await linkedTool();
    const user = await sentOrRefused(tool, { zqProfile: { zqAdminUsername: "Zq User" } }, {});
    expect(user.message).toContain('zqProfile.zqAdminUsername: must match ^[a-z]+$, got "Zq User"');
    const sent = await sentOrRefused(tool, { zqProfile: { zqAdminPassword: "ZqHunter2hunter2" } }, { id: "zq1" });
    expect(sent).toEqual({ message: "sent", sent: 1 });
  });
});
