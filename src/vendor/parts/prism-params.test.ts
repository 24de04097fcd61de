// Prism's check of a request's parameters with the request's names lowered once a check (prism-params.cjs): it says
// what Prism's own says of the same requests, word for word, and reads the request's names once, not once for each
// parameter declared.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
type Validate = (target: object, specs: object[], context: string, bundle?: object) => unknown;
interface Validators {
  validate: Validate;
}
// Loading the mocks' Prism puts the check in Prism's place (src/vendor/prism.cjs).
require("../prism.cjs");
const validators = "@stoplight/prism-http/dist/validator/validators";
const placed = {
  query: require(`${validators}/query`) as Validators,
  header: require(`${validators}/headers`) as Validators,
  path: require(`${validators}/path`) as Validators,
};

/** Prism's own validators of one place, loaded apart, with Prism's own params.js (its schema check the shared one). */
function prismOwn(place: "query" | "headers" | "path"): Validators {
  const own = [`${validators}/params`, `${validators}/${place}`].map((m) => require.resolve(m));
  const cached = own.map((path) => require.cache[path]);
  for (const path of own) delete require.cache[path];
  try {
    return require(own[1]!) as Validators;
  } finally {
    own.forEach((path, i) => {
      if (cached[i]) require.cache[path] = cached[i];
      else delete require.cache[path];
    });
  }
}

/** What a check gives, or the error it throws (Prism's header reader throws on a list it was not sent). */
function outcome(check: () => unknown): unknown {
  try {
    return check();
  } catch (e) {
    return String(e);
  }
}

const SPECS = [
  { name: "zqLimit", required: true, schema: { type: "integer", minimum: 1 } },
  { name: "ZQ_Tags", style: "form", explode: false, schema: { type: "array", items: { type: "string" } } },
  { name: "zqEach", schema: { type: "array", items: { type: "integer" } } },
  { name: "zqFilter", style: "deepObject", explode: true, schema: { type: "object", properties: { a: {} } } },
  { name: "zqOld", deprecated: true, schema: { type: "string", maxLength: 2 } },
  { name: "zqPipe", style: "pipeDelimited", schema: { type: "array", items: { type: "string" } } },
  { name: "constructor", schema: { type: "string" } },
  { name: "zqlimit", schema: { type: "string" } },
];
const TARGETS: Record<string, unknown>[] = [
  {},
  { zqLimit: "3", zq_tags: "a,b", ZQEACH: ["1", "2"], "zqFilter[a]": "x", zqOld: "long", zqPipe: "p|q" },
  { ZQLIMIT: "0", zqlimit: "x", zqEach: "y", zqold: "", constructor: "c", "zqfilter[b]": "1" },
  { zqLimit: "", ZQ_TAGS: "", zqPipe: "" },
];

describe("Prism's check of a request's parameters, the names lowered once", () => {
  it("says what Prism's own says, word for word, in each place", () => {
    const own = { query: prismOwn("query"), header: prismOwn("headers"), path: prismOwn("path") };
    for (const place of ["query", "header", "path"] as const)
      for (const target of TARGETS)
        for (const specs of [SPECS, SPECS.slice(0, 3), SPECS.slice(4), []]) {
          const ours = outcome(() => placed[place].validate(target, specs, "request"));
          const theirs = outcome(() => own[place].validate(target, specs, "request"));
          expect(ours, `${place} ${JSON.stringify(target)}`).toEqual(theirs);
        }
  });

  it("reads the request's names once a check, not once for each parameter declared", () => {
    const specs = Array.from({ length: 40 }, (_, i) => ({ name: `zqValue${i}`, schema: { type: "number" } }));
    let listed = 0;
    const target = new Proxy(Object.fromEntries(specs.map((s, i) => [s.name, String(i)])), {
      ownKeys: (t) => {
        listed++;
        return Reflect.ownKeys(t);
      },
    });
    expect(placed.query.validate(target, specs, "request")).toEqual(
      prismOwn("query").validate({ ...target }, specs, "request"),
    );
    listed = 0;
    placed.query.validate(target, specs, "request");
    expect(listed).toBe(1);
  });
});
