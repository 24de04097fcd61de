// A document offering the old way first (`zq_apps_legacy` before `zq_apps`, as HubSpot's documents list
// `private_apps_legacy` before `private_apps`): the draft took the first of two alike and drafted the legacy one.
// Schemes the document marks as legacy or deprecated (their names, descriptions, a deprecated flag) rank after the
// others of their kind now; and between two that rank alike, the document's global `security` order comes first (an
// operation listing them in another order took its own first).
import { describe, expect, it } from "vitest";
import { drafted, openapi, reply } from "../../__fixtures__/draft-kit.js";

const text = { type: "string" };
const key = (name: string, extra = {}) => ({ type: "apiKey", in: "header", name, ...extra });

function draftedAuth(schemes: Record<string, unknown>, security: unknown[], global: unknown[] = []) {
  const doc = openapi(
    {
      "/zqitems": {
        get: {
          operationId: "getZqItems",
          security,
          responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "z1" }) },
        },
      },
    },
    { securitySchemes: schemes },
    { security: global },
  );
  return drafted(doc, ["getZqItems"], "zqlegacy").manifest.auth;
}

describe("a scheme the document marks as the old way", () => {
  it("is drafted after one of its kind not so marked, though listed first (its name says legacy)", () => {
    const schemes = { zq_apps_legacy: key("zq-app-legacy"), zq_apps: key("zq-app") };
    expect(draftedAuth(schemes, [{ zq_apps_legacy: [] }, { zq_apps: [] }])).toMatchObject({ scheme: "zq_apps" });
  });

  it("the same by a deprecated flag or a description saying so", () => {
    const flagged = { zqOld: key("X-Zq-Key", { deprecated: true }), zqNew: key("X-Zq-Token") };
    expect(draftedAuth(flagged, [{ zqOld: [] }, { zqNew: [] }])).toMatchObject({ scheme: "zqNew" });
    const described = {
      zqOld: key("X-Zq-Key", { description: "Deprecated: use X-Zq-Token." }),
      zqNew: key("X-Zq-Token"),
    };
    expect(draftedAuth(described, [{ zqOld: [] }, { zqNew: [] }])).toMatchObject({ scheme: "zqNew" });
  });

  it("is still drafted where it is the only way an operation accepts", () => {
    const schemes = { zq_apps_legacy: key("zq-app-legacy"), zq_apps: key("zq-app") };
    expect(draftedAuth(schemes, [{ zq_apps_legacy: [] }])).toMatchObject({ scheme: "zq_apps_legacy" });
  });
});

describe("two schemes that rank alike", () => {
  it("are drafted in the order of the document's global security, not the operation's alone", () => {
    const schemes = { zqA: key("X-Zq-A-Key"), zqB: key("X-Zq-B-Key") };
    const [a, b] = [{ zqA: [] }, { zqB: [] }];
    expect(draftedAuth(schemes, [b, a], [a, b])).toMatchObject({ scheme: "zqA" });
    expect(draftedAuth(schemes, [b, a], [b, a])).toMatchObject({ scheme: "zqB" });
    // A global list naming neither leaves the operation's order.
    expect(draftedAuth(schemes, [b, a], [])).toMatchObject({ scheme: "zqB" });
  });
});
