// A format a newer version of a made-up document (`zqevents`) gives a value a call sends: the regenerated block checks
// the formats the runtime knows before any request, so one of those added or changed refuses a value a call sent
// (breaking), while a format removed, or one the block never checks, stays an annotation (informational). In
// `upstream` (the documents) and in `diff` (the surfaces) alike.
import { describe, expect, it } from "vitest";
import { documentChanges, type DocumentSet } from "./document-diff.js";
import { diffSurfaces } from "./classify.js";
import { acmeSurface, acmeTool } from "./__fixtures__/acme-surface.js";
import { requestFormatSeverity } from "../model/request-format.js";
import type { ParamSurface, Shape, Surface } from "./surface.js";

type Json = Record<string, unknown>;

const one = (doc: Json): DocumentSet => ({ root: "zqevents.yaml", files: new Map([["zqevents.yaml", doc]]) });
const text = (format?: string) => ({ type: "string", ...(format ? { format } : {}) });

/** One POST taking a query parameter `zqsince` and a body field `zqid`, each of the formats given. */
const doc = (since?: string, id?: string): Json => ({
  openapi: "3.0.3",
  paths: {
    "/zqevents": {
      post: {
        parameters: [{ name: "zqsince", in: "query", schema: text(since) }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", properties: { zqid: text(id) } } } },
        },
        responses: { "204": { description: "done" } },
      },
    },
  },
});

const changes = (before: Json, after: Json) =>
  documentChanges(one(before), one(after), [{ method: "POST", path: "/zqevents" }]).map((c) => [
    c.kind,
    c.severity,
    c.pointer,
  ]);

describe("upstream: a request value's format", () => {
  it("added or changed to one the block checks: breaking, a parameter and a body field alike", () => {
    expect(changes(doc(), doc("date-time", "uuid"))).toEqual([
      ["request-parameter-format-changed", "breaking", "zqsince"],
      ["request-property-format-changed", "breaking", "/zqid"],
    ]);
    expect(changes(doc("date", "email"), doc("date-time", "uuid")).map((c) => c[1])).toEqual(["breaking", "breaking"]);
    const [since] = documentChanges(one(doc()), one(doc("email")), [{ method: "POST", path: "/zqevents" }]);
    expect(since?.reason).toContain("refused");
  });

  it("a text's format the block checks as a pattern (byte, an integer as text), added: breaking; removed: not", () => {
    expect(changes(doc(), doc("byte", "int64")).map((c) => c[1])).toEqual(["breaking", "breaking"]);
    expect(changes(doc("time", "duration"), doc()).map((c) => c[1])).toEqual(["informational", "informational"]);
    // Every int32 is an int64, and http-date and date-time-rfc1123 are one pattern: nothing refused.
    expect(changes(doc("int32", "http-date"), doc("int64", "date-time-rfc1123")).map((c) => c[1])).toEqual([
      "informational",
      "informational",
    ]);
    // A number's int64 is no text: the block states no pattern for it.
    expect(requestFormatSeverity(undefined, "int64", false)).toBeUndefined();
  });

  it("removed, widened, renamed by an alias, or one the block does not check: informational", () => {
    expect(changes(doc("date-time", "uuid"), doc()).map((c) => c[1])).toEqual(["informational", "informational"]);
    expect(changes(doc("uri", "url"), doc("uri-reference", "uri")).map((c) => c[1])).toEqual([
      "informational",
      "informational",
    ]);
    expect(changes(doc(), doc("zqstamp", "zqcode")).map((c) => c[1])).toEqual(["informational", "informational"]);
  });
});

/** The surface of one PATCH with a top-level text `zqsince` and a JSON body field `zqorder` holding `zqdue`. */
function surface(since?: string, due?: string): Surface {
  const param = (own: Partial<ParamSurface>) =>
    ({ title: "T", description: "D.", required: false, ...own }) as ParamSurface;
  const zqdue: Shape = { type: "string", ...(due ? { format: due } : {}) };
  const params = {
    zqsince: param({ type: "string", wire: "query:zqsince", ...(since ? { format: since } : {}) }),
    zqorder: param({
      type: "json",
      jsonType: "object",
      wire: "body:/zqorder",
      shape: { type: "object", properties: { zqdue } },
    }),
  } as Record<string, ParamSurface>;
  return {
    ...acmeSurface({}, { zqevents_update: acmeTool({ method: "PATCH", params }) }),
    provider: "zqevents",
  };
}

/** In the order of their subjects. */
const diffed = (base: Surface, head: Surface) =>
  diffSurfaces(base, head)
    .map((c) => `${c.severity} ${c.kind} ${c.subject}`)
    .sort((a, b) => a.split(" param ")[1]?.localeCompare(b.split(" param ")[1] ?? "") ?? 0);

describe("diff: a request value's format", () => {
  it("added to one the block checks: breaking, under the kinds upstream gives", () => {
    expect(diffed(surface(), surface("uuid", "email"))).toEqual([
      "breaking request-property-format-changed param zqorder .zqdue",
      "breaking request-parameter-format-changed param zqsince",
    ]);
    expect(diffed(surface(), surface(undefined, "byte"))).toEqual([
      "breaking request-property-format-changed param zqorder .zqdue",
    ]);
  });

  it("removed: informational, as upstream gives it; a field's format the block does not check: informational", () => {
    expect(diffed(surface("uuid", "email"), surface()).map((c) => c.split(" ")[0])).toEqual([
      "informational",
      "informational",
    ]);
    // The semver level follows: a patch, as an informational change is, not the minor a format removed once was.
    expect(diffSurfaces(surface("uuid", "email"), surface()).map((c) => c.level)).toEqual(["patch", "patch"]);
    const upstream = changes(doc("uuid", "email"), doc()).map((c) => c[1]);
    expect(upstream).toEqual(["informational", "informational"]);
    expect(diffed(surface(undefined, undefined), surface(undefined, "zqstamp"))).toEqual([
      "informational request-property-format-changed param zqorder .zqdue",
    ]);
  });
});

/** A query list `zqids` and a JSON body list `zqrefs` (its shape recorded), their items' format given. */
function lists(format?: "uuid"): Surface {
  const item = { type: "string", ...(format ? { format } : {}) } as const;
  const param = (own: Partial<ParamSurface>) =>
    ({ title: "T", description: "D.", required: false, type: "json", jsonType: "array", ...own }) as ParamSurface;
  const params = {
    zqids: param({ wire: "query:zqids", items: item }),
    zqrefs: param({ wire: "body:/zqrefs", items: item, shape: { type: "array", items: item } }),
  } as Record<string, ParamSurface>;
  return { ...acmeSurface({}, { zqevents_update: acmeTool({ method: "PATCH", params }) }), provider: "zqevents" };
}

describe("diff: a list's items' format", () => {
  it("added: one change each, under the kind upstream gives (a format changed, not a limit)", () => {
    expect(diffed(lists(), lists("uuid"))).toEqual([
      "breaking request-parameter-format-changed param zqids items",
      "breaking request-property-format-changed param zqrefs []",
    ]);
    expect(diffed(lists("uuid"), lists()).map((c) => c.split(" ").slice(0, 2).join(" "))).toEqual([
      "informational request-parameter-format-changed",
      "informational request-property-format-changed",
    ]);
  });
});
