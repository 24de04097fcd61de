// The concepts the surface records besides parameters and outputs — limits,
// idempotency, failure tests, routes, rate limits, hosts, page size, the
// error body, deprecation — each with its classification; surfaces written before they
// listed their concepts; and the table giving every manifest field a
// surface decision.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONCEPT_NAMES, FIELDS, type FieldDecision, SURFACE_ENTRIES } from "../link/concepts.js";
import type { ManifestField } from "../load/precompiled/manifest-types.js";
import { diffSurfaces as diffWithKinds, type Change } from "./classify.js";

// These tests are about levels and rules; kind ids and severities are held in kinds.test.ts.
const diffSurfaces = (a: Surface | undefined, b: Surface | undefined): Change[] =>
  diffWithKinds(a, b).map(({ kind: _k, severity: _s, ...c }) => c);
import { acmeSurface, acmeTool } from "./__fixtures__/acme-surface.js";
import type { Surface, ToolSurface } from "./surface.js";

const ROOT = join(import.meta.dirname, "../..");

const tool = acmeTool;

/** A surface of this generator (recording every concept), with `own` and the tool's `tool` on top. */
function surface(own: Partial<Surface> = {}, toolOwn: Partial<ToolSurface> = {}): Surface {
  const errors = {
    fields: { code: ["$response.body#/code"], message: ["$response.body#/message"], requestId: [] },
    retryableStatuses: [429, 503],
  };
  return acmeSurface({ hosts: ["api.acme.example"], errors, ...own }, { acme_list: tool(toolOwn) });
}

const summary = (changes: Change[]) => changes.map((c) => `${c.level} ${c.subject}: ${c.rule}`);

describe("limits.requestHeadBytes: what the upstream accepts of a request head", () => {
  it("added or lowered is breaking, raised or removed minor", () => {
    expect(diffSurfaces(surface(), surface({ limits: { requestHeadBytes: 16384 } }))).toEqual([
      {
        level: "breaking",
        provider: "acme",
        subject: "limits.requestHeadBytes",
        rule: "limit added (a longer request line and headers are refused before sending)",
        to: 16384,
      },
    ]);
    expect(
      summary(
        diffSurfaces(surface({ limits: { requestHeadBytes: 16384 } }), surface({ limits: { requestHeadBytes: 8192 } })),
      ),
    ).toEqual([
      "breaking limits.requestHeadBytes: limit tightened (a longer request line and headers are refused " +
        "before sending)",
    ]);
    expect(
      summary(
        diffSurfaces(surface({ limits: { requestHeadBytes: 8192 } }), surface({ limits: { requestHeadBytes: 16384 } })),
      ),
    ).toEqual(["minor limits.requestHeadBytes: limit loosened"]);
    expect(summary(diffSurfaces(surface({ limits: { requestHeadBytes: 8192 } }), surface()))).toEqual([
      "minor limits.requestHeadBytes: limit removed",
    ]);
  });
});

describe("limits.replyBytes: how much of a reply a call reads", () => {
  const MiB = 1024 * 1024;
  it("is compared with the runtime's default (64 MiB) where none is declared", () => {
    expect(summary(diffSurfaces(surface(), surface({ limits: { replyBytes: 8 * MiB } })))).toEqual([
      "breaking limits.replyBytes: limit set below the default (longer replies end the call with REPLY_TOO_LARGE)",
    ]);
    expect(summary(diffSurfaces(surface(), surface({ limits: { replyBytes: 256 * MiB } })))).toEqual([
      "minor limits.replyBytes: limit loosened",
    ]);
    expect(summary(diffSurfaces(surface({ limits: { replyBytes: 256 * MiB } }), surface()))).toEqual([
      "breaking limits.replyBytes: limit tightened (longer replies end the call with REPLY_TOO_LARGE)",
    ]);
    expect(summary(diffSurfaces(surface({ limits: { replyBytes: 8 * MiB } }), surface()))).toEqual([
      "minor limits.replyBytes: limit removed (the default holds)",
    ]);
    expect(
      summary(diffSurfaces(surface({ limits: { replyBytes: 8 * MiB } }), surface({ limits: { replyBytes: 4 * MiB } }))),
    ).toEqual(["breaking limits.replyBytes: limit tightened (longer replies end the call with REPLY_TOO_LARGE)"]);
  });
});

describe("idempotency: the key a call sends", () => {
  it("sent is minor, no longer sent breaking (errors carried it), another header a patch", () => {
    expect(diffSurfaces(surface(), surface({}, { idempotency: "Idempotency-Key" }))).toEqual([
      {
        level: "minor",
        provider: "acme",
        tool: "acme_list",
        subject: "idempotency",
        rule: "idempotency key sent (the call is retried like a GET; its errors carry the key)",
        to: "Idempotency-Key",
      },
    ]);
    expect(summary(diffSurfaces(surface({}, { idempotency: "Idempotency-Key" }), surface()))).toEqual([
      "breaking idempotency: idempotency key no longer sent (no retry; errors carry no key)",
    ]);
    expect(
      summary(
        diffSurfaces(surface({}, { idempotency: "Idempotency-Key" }), surface({}, { idempotency: "X-Request-Key" })),
      ),
    ).toEqual(["patch idempotency: idempotency header renamed"]);
  });
});

describe("errors.failureWhen: tests making a 2xx reply a failure", () => {
  const okFalse = { expression: "$response.body#/ok", equals: false };
  it("a test added is breaking (results become errors), one removed minor", () => {
    const base = surface();
    const head = surface({ errors: { ...base.errors, failureWhen: [okFalse] } });
    expect(diffSurfaces(base, head)).toEqual([
      {
        level: "breaking",
        provider: "acme",
        subject: "errors.failureWhen",
        rule: "failure test added (2xx replies that meet it become errors)",
        to: okFalse,
      },
    ]);
    expect(summary(diffSurfaces(head, base))).toEqual([
      "minor errors.failureWhen: failure test removed (2xx replies that met it become results)",
    ]);
    const changed = surface({ errors: { ...base.errors, failureWhen: [{ ...okFalse, equals: "false" }] } });
    expect(summary(diffSurfaces(head, changed))).toEqual([
      "breaking errors.failureWhen: failure test added (2xx replies that meet it become errors)",
      "minor errors.failureWhen: failure test removed (2xx replies that met it become results)",
    ]);
  });
});

describe("the error body (errors.details, errors.fields, errors.retryableStatuses)", () => {
  it(
    "a detail removed is breaking, added minor, read elsewhere a patch; the fields read and the statuses " +
      "retried are patches",
    () => {
      const base = surface();
      const withDetail = surface({ errors: { ...base.errors, details: { reason: ["$response.body#/reason"] } } });
      expect(summary(diffSurfaces(base, withDetail))).toEqual(["minor errors.details.reason: error detail added"]);
      expect(summary(diffSurfaces(withDetail, base))).toEqual([
        "breaking errors.details.reason: error detail removed (error.details no longer carries it)",
      ]);
      const movedDetail = surface({
        errors: { ...base.errors, details: { reason: ["$response.body#/error/reason"] } },
      });
      expect(summary(diffSurfaces(withDetail, movedDetail))).toEqual([
        "patch errors.details.reason: where an error detail is read changed",
      ]);
      const otherCode = surface({
        errors: {
          ...base.errors,
          fields: { code: ["$response.body#/error/code"], message: ["$response.body#/message"], requestId: [] },
        },
      });
      expect(summary(diffSurfaces(base, otherCode))).toEqual([
        "patch errors: where the error's code, message or request id is read changed",
      ]);
      const retried = surface({ errors: { ...base.errors, retryableStatuses: [429] } });
      expect(summary(diffSurfaces(base, retried))).toEqual([
        "patch errors.retryableStatuses: statuses retried changed",
      ]);
    },
  );
});

describe("routes: other upstream operations serving a tool", () => {
  const route = {
    when: { param: "id", pattern: "^\\$" },
    request: "GET /v2/things('{key}')",
    wire: { id: "path:key" },
  };
  it("added, removed or changed: a patch, like the upstream method or path", () => {
    expect(diffSurfaces(surface(), surface({}, { routes: [route] }))).toEqual([
      {
        level: "patch",
        provider: "acme",
        tool: "acme_list",
        subject: "routes",
        rule: "route added (another upstream operation serves the calls it matches)",
        to: route,
      },
    ]);
    expect(summary(diffSurfaces(surface({}, { routes: [route] }), surface()))).toEqual([
      "patch routes: route removed (the main operation serves the calls it matched)",
    ]);
    const other = { ...route, when: { param: "id", pattern: "^~" } };
    expect(summary(diffSurfaces(surface({}, { routes: [route] }), surface({}, { routes: [other] })))).toEqual([
      "patch routes: route added (another upstream operation serves the calls it matches)",
      "patch routes: route removed (the main operation serves the calls it matched)",
    ]);
  });
});

describe("pagination.pageSize: the parameter giving a page's size", () => {
  const paged = (pageSize?: string) => ({
    pagination: { style: "cursor", items: ["data"], ...(pageSize ? { pageSize } : {}) },
  });
  it("named, renamed or dropped: a patch; compared only where both tools page", () => {
    expect(summary(diffSurfaces(surface({}, paged()), surface({}, paged("limit"))))).toEqual([
      "patch pagination.pageSize: page size named (under maxItems a page asks only for the items still missing)",
    ]);
    expect(summary(diffSurfaces(surface({}, paged("limit")), surface({}, paged("top"))))).toEqual([
      "patch pagination.pageSize: page size parameter changed",
    ]);
    expect(summary(diffSurfaces(surface({}, paged("limit")), surface()))).toEqual([
      "breaking pagination: pagination removed (allPages refused)",
    ]);
  });
});

describe("deprecated: a tool on its way out", () => {
  // Withdrawing it is non-breaking in the record of kinds (api-reactivated), so a minor change, as deprecating is.
  it("deprecating or withdrawing it is minor (a removal announced or called off), rewording the note a patch", () => {
    expect(diffSurfaces(surface(), surface({}, { deprecated: "Use acme_find." }))).toEqual([
      {
        level: "minor",
        provider: "acme",
        tool: "acme_list",
        subject: "deprecated",
        rule: "tool deprecated",
        to: "Use acme_find.",
      },
    ]);
    expect(summary(diffSurfaces(surface({}, { deprecated: "Use acme_find." }), surface()))).toEqual([
      "minor deprecated: tool no longer deprecated",
    ]);
    expect(
      summary(
        diffSurfaces(surface({}, { deprecated: "Use acme_find." }), surface({}, { deprecated: "Use acme_search." })),
      ),
    ).toEqual(["patch deprecated: deprecation note changed"]);
  });
});

describe("successStatuses: the 2xx statuses an operation answers with", () => {
  it(
    "another status in place of one (201 → 200) is minor both ways, under upstream's kind ids: " +
      "every 2xx succeeds and outputs read alike, an output reading the status sees it",
    () => {
      const changes = diffWithKinds(surface({}, { success: [201] }), surface({}, { success: [200] }));
      expect(changes.map((c) => `${c.level} ${c.subject}: ${c.kind} ${c.severity}`)).toEqual([
        "minor success status 200: response-success-status-added non-breaking",
        "minor success status 201: response-success-status-removed non-breaking",
      ]);
      expect(changes.map((c) => c.rule)).toEqual([
        "success status added (the call succeeds and its outputs are read as before; " +
          "an output reading the status may give it)",
        "success status no longer declared (the call succeeds with another 2xx, its outputs read alike; " +
          "an output reading the status no longer gives it)",
      ]);
      expect(diffSurfaces(surface({}, { success: [200] }), surface({}, { success: [200] }))).toEqual([]);
    },
  );

  it("is not compared with a surface from before it was recorded", () => {
    const before = {
      ...surface({}, { success: [201] }),
      concepts: CONCEPT_NAMES.filter((c) => c !== "successStatuses"),
    };
    expect(diffSurfaces(before, surface({}, { success: [200] }))).toEqual([]);
  });
});

describe("rateLimits and server.hosts", () => {
  it("keep their classification: the policy a patch, a host dropped breaking and added minor", () => {
    expect(summary(diffSurfaces(surface(), surface({ rateLimits: { pauseMs: 1000 } })))).toEqual([
      "patch rateLimits: rate-limit policy changed",
    ]);
    expect(summary(diffSurfaces(surface(), surface({ hosts: ["api.acme.example", "*.acme.example"] })))).toEqual([
      "minor hosts: host allowed",
    ]);
    expect(summary(diffSurfaces(surface({ hosts: ["api.acme.example", "*.acme.example"] }), surface()))).toEqual([
      "breaking hosts: host no longer allowed (addresses there are refused)",
    ]);
  });
});

describe("server.default: the default address and the path every request carries", () => {
  const at = (v: string) =>
    surface({ serverAddress: { default: `https://api.acme.example/zq/${v}`, basePath: `/zq/${v}` } });
  it("a server path changed (`/v3` → `/v4`) is breaking for a call given no address and for one giving its own", () => {
    const changes = diffWithKinds(at("v3"), at("v4"));
    expect(changes.map((c) => [c.level, c.subject, c.kind, c.from, c.to])).toEqual([
      [
        "breaking",
        "server default",
        "api-server-changed",
        "https://api.acme.example/zq/v3",
        "https://api.acme.example/zq/v4",
      ],
      ["breaking", "server basePath", "api-server-changed", "/zq/v3", "/zq/v4"],
    ]);
  });

  it("a default added is minor, removed breaking; a trailing slash is no change", () => {
    const fixed = surface({ serverAddress: { default: "https://api.acme.example" } });
    expect(summary(diffSurfaces(surface(), fixed))).toEqual([
      "minor server default: default address added (a call may leave the address out)",
    ]);
    expect(summary(diffSurfaces(fixed, surface()))).toEqual([
      "breaking server default: default address removed (each call must give an address)",
    ]);
    expect(diffSurfaces(fixed, surface({ serverAddress: { default: "https://api.acme.example/" } }))).toEqual([]);
  });

  it("is not compared with a surface from before it was recorded", () => {
    const before = { ...at("v3"), concepts: CONCEPT_NAMES.filter((c) => c !== "server.default") };
    expect(diffSurfaces(before, at("v4"))).toEqual([]);
  });
});

describe("rateLimits.requestsPerMinute: the request rate the upstream documents", () => {
  const RATE =
    "not breaking: it records the upstream's own limit, which binds callers whether declared or not; " +
    "an executor's calls and verify's requests are spaced by it";
  const rate = (requestsPerMinute: number, policy: Surface["rateLimits"] = {}) =>
    surface({ rateLimits: { ...policy, requestsPerMinute } });
  it("is a patch change whichever way it moves: lowering it holds no call back", () => {
    expect(diffSurfaces(rate(100), rate(10))).toEqual([
      {
        level: "patch",
        provider: "acme",
        subject: "rateLimits.requestsPerMinute",
        rule: `request rate lowered (${RATE})`,
        from: 100,
        to: 10,
      },
    ]);
    expect(summary(diffSurfaces(rate(10), rate(100)))).toEqual([
      "patch rateLimits.requestsPerMinute: request rate raised",
    ]);
    expect(summary(diffSurfaces(surface(), rate(10)))).toEqual([
      `patch rateLimits.requestsPerMinute: request rate declared (${RATE})`,
    ]);
    expect(summary(diffSurfaces(rate(10), surface()))).toEqual([
      "patch rateLimits.requestsPerMinute: request rate no longer declared",
    ]);
  });

  it("is told apart from the retry policy: each change once, under its own entry", () => {
    expect(summary(diffSurfaces(rate(10, { pauseMs: 1000 }), rate(10, { pauseMs: 2000 })))).toEqual([
      "patch rateLimits: rate-limit policy changed",
    ]);
    expect(summary(diffSurfaces(rate(10, { pauseMs: 1000 }), rate(20, { pauseMs: 1000 })))).toEqual([
      "patch rateLimits.requestsPerMinute: request rate raised",
    ]);
  });

  it("is not compared with a surface from before it was recorded", () => {
    const before = { ...surface(), concepts: CONCEPT_NAMES.filter((c) => c !== "rateLimits.requestsPerMinute") };
    expect(diffSurfaces(before, rate(10))).toEqual([]);
  });
});

describe("a surface from before surfaces listed their concepts", () => {
  // generated/<p>/surface.json as committed at cba3362, before the surface recorded limits, idempotency, failure tests,
  // routes, the error body or the page size; the credential parameters as the specs have them since OAuth 2 flows
  // (issue 22) and the instance address without a path (its pattern and example, round 45), so that the specs are
  // the same.
  const earlier = (provider: string) =>
    JSON.parse(
      readFileSync(join(import.meta.dirname, `__fixtures__/before-concepts/${provider}.surface.json`), "utf8"),
    ) as Surface;
  const current = (provider: string) =>
    JSON.parse(readFileSync(join(ROOT, `generated/${provider}/surface.json`), "utf8")) as Surface;
  // The specs have since grown (operations, triggers): what the earlier surface could not hold
  // is left out of the comparison, which is about the concepts it did not record.
  const now = (provider: string) => {
    const s = current(provider);
    const tools = Object.fromEntries(Object.entries(s.tools).filter(([id]) => id in earlier(provider).tools));
    const { triggers: _, pollTriggers: __, ...rest } = s;
    return { ...rest, tools } as Surface;
  };
  // The document's records have since gained fields too (the audit times a poll trigger reads): an output field added
  // is the specs growing.
  const unlessGrown = (changes: ReturnType<typeof diffSurfaces>) =>
    changes.filter((c) => c.rule !== "new output field");

  it("is no source of changes it could not hold: against the same specs, nothing changed", () => {
    for (const provider of ["crm", "directory"]) {
      expect(earlier(provider).concepts).toBeUndefined();
      expect(unlessGrown(diffSurfaces(earlier(provider), now(provider)))).toEqual([]);
    }
  });

  it("still gives the changes of what it recorded", () => {
    const head = now("crm");
    const id = Object.keys(head.tools)[0]!;
    head.tools[id]!.title = "Renamed";
    head.limits = { requestHeadBytes: 1 };
    expect(summary(unlessGrown(diffSurfaces(earlier("crm"), head)))).toEqual(["patch title: text changed"]);
  });

  it("compares a concept where both list it, and only there", () => {
    const head = surface({ limits: { requestHeadBytes: 4096 } });
    const base = surface();
    expect(summary(diffSurfaces(base, head))).toHaveLength(1);
    base.concepts = base.concepts!.filter((c) => c !== "limits.requestHeadBytes");
    expect(diffSurfaces(base, head)).toEqual([]);
  });
});

describe("the table of manifest fields (link/concepts.ts FIELDS)", () => {
  it("gives every field a decision that names a surface entry, a definition with fields, or a reason", () => {
    const definitions = new Set(Object.keys(FIELDS).map((f) => f.split(".")[0]));
    for (const [field, decision] of Object.entries(FIELDS) as [ManifestField, FieldDecision][]) {
      if ("surface" in decision) expect(SURFACE_ENTRIES, field).toHaveProperty([decision.surface]);
      else if ("fields" in decision)
        expect(definitions.has(decision.fields), `${field} → ${decision.fields}`).toBe(true);
      else expect(decision.none.length, field).toBeGreaterThan(10);
    }
  });

  it("uses every surface entry that records a manifest field", () => {
    const used = new Set(Object.values(FIELDS).flatMap((d: FieldDecision) => ("surface" in d ? [d.surface] : [])));
    // Recorded from the OpenAPI document alone: the declared success and error statuses, and the scopes each operation
    // asks of the credential; and from what the generator makes of the tools for n8n and Sim
    // (link/platforms/record.ts).
    expect(CONCEPT_NAMES.filter((name) => !used.has(name))).toEqual([
      "errorStatuses",
      "n8n",
      "n8n.credential",
      "security",
      "sim",
      "successStatuses",
    ]);
  });

  it("does not compile without a decision for each field", () => {
    const { "limits.replyBytes": _dropped, ...rest } = FIELDS;
    // @ts-expect-error "limits.replyBytes" has no decision: the table is not every field's.
    const table: Record<ManifestField, FieldDecision> = rest;
    expect(Object.keys(table)).not.toContain("limits.replyBytes");
  });
});
