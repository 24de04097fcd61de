// Every parameter of every tool asks whether it is a credential's (isCredentialParam: linkParam, placeParam), and each
// ask listed the auth's ways and their credentials again (manifestWays: arrays and paths for each). The names are the
// manifest's, whichever tool asks: found once a link.
import { describe, expect, it } from "vitest";
import type { LinkContext } from "../context.js";
import { isCredentialParam } from "./auth.js";

/** A link's context over `auth` (and the server's variables), counting the reads of the auth's fields. */
function contextOf(auth: Record<string, unknown>, variables?: Record<string, string>) {
  const reads = { auth: 0 };
  const counted = new Proxy(auth, {
    get(target, key, receiver) {
      reads.auth++;
      return Reflect.get(target, key, receiver);
    },
  });
  const ctx = { manifest: { auth: counted, server: { variables } } } as unknown as LinkContext;
  return { ctx, reads };
}

describe("a credential's parameters, by the tool", () => {
  it("reads the auth once a link however many parameters ask", () => {
    const { ctx, reads } = contextOf({ scheme: "bearer", param: "zqToken" });
    for (let i = 0; i < 100; i++) {
      expect(isCredentialParam(ctx, "zqToken")).toBe(true);
      expect(isCredentialParam(ctx, "zqLimit")).toBe(false);
    }
    const once = reads.auth;
    expect(once).toBeGreaterThan(0);
    isCredentialParam(ctx, "zqOther");
    expect(reads.auth).toBe(once);
    expect(once).toBeLessThan(10); // before: about 5 an ask, 1,100 here
  });

  it("names the users, the credentials sent with one and the alternatives' as before", () => {
    const { ctx } = contextOf({
      scheme: "basic",
      param: "zqSecret",
      user: "zqUser",
      also: [{ scheme: "zqKeyScheme", param: "zqKey" }],
      alternatives: [{ scheme: "bearer", param: "zqBearer" }],
    });
    const asked = ["zqSecret", "zqUser", "zqKey", "zqBearer", "zqLimit"];
    expect(asked.filter((n) => isCredentialParam(ctx, n))).toEqual(["zqSecret", "zqUser", "zqKey", "zqBearer"]);
  });

  it("names a signing region's parameter unless it fills a server variable", () => {
    const sigv4 = { accessKeyId: "zqAccessKey", sessionToken: "zqSession", regionParam: "zqRegion" };
    const signed = contextOf({ scheme: "zqSigned", param: "zqSecretKey", sigv4 });
    const asked = ["zqAccessKey", "zqSession", "zqRegion", "zqSecretKey"];
    expect(asked.filter((n) => isCredentialParam(signed.ctx, n))).toEqual(asked);
    const filling = contextOf({ scheme: "zqSigned", param: "zqSecretKey", sigv4 }, { region: "zqRegion" });
    expect(isCredentialParam(filling.ctx, "zqRegion")).toBe(false);
  });
});
