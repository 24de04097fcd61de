// Prism's check of a request or an answer against a schema
// (@stoplight/prism-http's validators/utils.js validateAgainstSchema), with
// the operation's bundle compiled once per mock instead of once per schema
// checked. Prism hands Ajv `{ ...schema, __bundled__: bundle }`: every
// schema a request or an answer is checked against (each operation's query,
// headers, path, body and answers) is a root of its own, which Ajv walks whole
// (the bundle with it) and whose every reached bundled schema it compiles
// again — src/mocks/mock-operations.ts gives all of a mock's operations one
// bundle, of which each operation of a published document reaches nearly all.
//
// Here each bundled schema is a schema of its own in Ajv (`bundle:<n>`), the
// operation's schema and the bundle's with their `$ref`s rewritten to those
// ids, so that Ajv compiles each once per instance and every schema that
// reaches it calls the one function; so is each subschema a checked schema
// writes out more than once (prism-repeated-subschemas.cjs). The Ajv instances (made as Prism makes
// its own: options, formats, its date-time) belong to the bundle, and go with
// it when its mock does (Prism's own keep every schema they compiled).
// What a schema accepts is unchanged: Ajv resolves the same schemas, compiles
// them with the same options, and reports the same errors, which Prism's own
// convertAjvErrors words. Where the two could differ — a `$ref` that is not
// to a bundled schema (there is none in what mock-operations.ts bundles), an
// `$id` or anchor (whose resolution depends on the root) — Prism's own check
// runs instead. src/vendor/prism.cjs puts this in Prism's place.
"use strict";

const Ajv = require("ajv").default;
const Ajv2019 = require("ajv/dist/2019").default;
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;
const O = require("fp-ts/Option");
const { DiagnosticSeverity } = require("@stoplight/types");
const dateTime = require("@stoplight/prism-http/dist/validator/validators/dateTime");
const { SCHEMA_MAPS, SCHEMA_VALUES, subschemaSharing } = require("./prism-repeated-subschemas.cjs");

/** Keys whose meaning depends on the root a schema is compiled in (Ajv reads `$id`s and anchors anywhere). */
const ROOTED_KEYS = ["$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$dynamicRef", "$recursiveRef"];

/** @typedef {{ validate?: import("ajv").ValidateFunction, error?: unknown }} Made What compiling a schema made. */

/** Thrown by the rewrite where a schema cannot be compiled apart from its root. */
const ROOTED = Symbol("rooted");

// Prism's own options (validators/utils.js baseAjvOptions, createAjvInstances).
const unknownFormatSilencerLogger = {
  /** @param {unknown[]} args */
  warn(...args) {
    if (typeof args[0] === "string" && args[0].startsWith("unknown format")) return;
    console.warn(...args);
  },
  log: console.log,
  error: console.error,
};
/** @type {Record<string, typeof Ajv>} */
const DRAFTS = { default: Ajv, draft2019_09: Ajv2019, draft2020_12: Ajv2020 };
const JSON_SCHEMA_DRAFT_2019_09 = /^https?:\/\/json-schema.org\/draft\/2019-09\/schema#?$/;
const JSON_SCHEMA_DRAFT_2020_12 = /^https?:\/\/json-schema.org\/draft\/2020-12\/schema#?$/;

/**
 * An Ajv instance as Prism makes its own; `checked: false` for one that leaves
 * the check of each schema against its meta-schema to metaCheck (compiling a
 * meta-schema is 15 ms of CPU, an instance's first compile).
 * @param {string} draft @param {boolean} coerce
 */
function prismAjv(draft, coerce, checked = true) {
  const Draft = DRAFTS[draft] ?? Ajv;
  const ajv = new Draft({
    allErrors: true,
    allowUnionTypes: true,
    allowMatchingProperties: true,
    strict: false,
    logger: unknownFormatSilencerLogger,
    coerceTypes: coerce,
    // No passes over the generated code: a mock compiles many schemas and checks few values with each, and the
    // passes (Ajv's optimizeNames, recounting every node's names) were a third of compiling a large document's.
    code: { optimize: false },
    ...(checked ? {} : { validateSchema: false }),
  });
  addFormats(ajv);
  ajv.addFormat("date-time", dateTime.fmtDef(dateTime.date_time, dateTime.compareDateTime));
  return ajv;
}

/**
 * One instance a draft and coercion for the process, as Prism's: the meta-schema checks, compiled once.
 * @type {Map<string, Ajv>}
 */
const checkers = new Map();
/**
 * Throws, as Ajv's compile does, for a schema its meta-schema refuses (the
 * checking instance coerces where the compiling one does: the schema is
 * changed as it would have been).
 * @param {Record<string, unknown>} schema @param {string} draft @param {boolean} coerce
 */
function metaCheck(schema, draft, coerce) {
  const key = `${draft} ${coerce}`;
  let checker = checkers.get(key);
  if (!checker) checkers.set(key, (checker = prismAjv(draft, coerce)));
  checker.validateSchema(schema, true);
}

/** Prism's choice of instance (validators/utils.js assignAjvInstance). @param {unknown} $schema */
function draftOf($schema) {
  const id = String($schema);
  if (JSON_SCHEMA_DRAFT_2019_09.test(id)) return "draft2019_09";
  if (JSON_SCHEMA_DRAFT_2020_12.test(id)) return "draft2020_12";
  return "default";
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isNode(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether a key of ROOTED_KEYS is anywhere in `value` (every object, as Ajv's walk for ids reaches schemas' data).
 * @param {unknown} value @param {Set<object>} seen
 * @returns {boolean}
 */
function hasRootedKeys(value, seen = new Set()) {
  if (typeof value !== "object" || value === null || seen.has(value)) return false;
  seen.add(value);
  if (!Array.isArray(value) && ROOTED_KEYS.some((key) => key in value)) return true;
  for (const child of Array.isArray(value) ? value : Object.values(value)) if (hasRootedKeys(child, seen)) return true;
  return false;
}

const BUNDLED = "#/__bundled__/";

/**
 * The bundled schema a `$ref` names, read as Ajv reads the pointer (each part
 * URI-decoded, then `~1` and `~0`), or undefined for any other `$ref`.
 * @param {string} ref
 */
function bundledName(ref) {
  if (!ref.startsWith(BUNDLED) || ref.indexOf("/", BUNDLED.length) >= 0) return undefined;
  try {
    return decodeURIComponent(ref.slice(BUNDLED.length)).replace(/~1/g, "/").replace(/~0/g, "~");
  } catch {
    return undefined;
  }
}

/**
 * `schema` with every `$ref` where Ajv reads one rewritten to the id `ids`
 * gives the bundled schema it names (copied where it changes, shared where
 * not; data such as `enum`, `const` and examples left as they are); throws
 * ROOTED for a `$ref` to anything else.
 * @param {unknown} schema @param {Map<string, string>} ids @param {Map<object, unknown>} done
 */
function rewriteRefs(schema, ids, done, open = new Set()) {
  if (!isNode(schema)) return schema;
  if (done.has(schema)) return done.get(schema);
  // A schema inside itself (a shared object graph with a cycle): left to Prism, which fails on it as Ajv does.
  if (open.has(schema)) throw ROOTED;
  open.add(schema);
  /** @type {Record<string, unknown> | undefined} */
  let copy;
  /** @param {string} key @param {unknown} value */
  const set = (key, value) => {
    if (value === schema[key]) return;
    copy ??= { ...schema };
    copy[key] = value;
  };
  /** @param {unknown} value */
  const each = (value) =>
    Array.isArray(value)
      ? mapShared(value, (v) => rewriteRefs(v, ids, done, open))
      : rewriteRefs(value, ids, done, open);
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$ref" && typeof value === "string") {
      const name = bundledName(value);
      const id = name === undefined ? undefined : ids.get(name);
      if (id === undefined) throw ROOTED;
      set(key, id);
    } else if (SCHEMA_MAPS.has(key) && isNode(value)) {
      let map;
      for (const [name, child] of Object.entries(value)) {
        const rewritten = each(child);
        if (rewritten === child) continue;
        map ??= { ...value };
        map[name] = rewritten;
      }
      if (map) set(key, map);
    } else if (SCHEMA_VALUES.has(key)) set(key, each(value));
  }
  open.delete(schema);
  const result = copy ?? schema;
  done.set(schema, result);
  return result;
}

/** @template T @param {T[]} list @param {(item: T) => T} f */
function mapShared(list, f) {
  const mapped = list.map(f);
  return mapped.every((item, i) => item === list[i]) ? list : mapped;
}

/**
 * A mock's bundle as schemas of their own, with the Ajv instances that hold
 * them and what they compiled; undefined where the bundle cannot be shared.
 * @param {Record<string, unknown>} bundle
 */
function sharedBundle(bundle) {
  if (hasRootedKeys(bundle)) return undefined;
  /** @type {Map<string, string>} */
  const ids = new Map();
  const keys = Object.keys(bundle).filter((key) => isNode(bundle[key]) || typeof bundle[key] === "boolean");
  for (const [i, key] of keys.entries()) ids.set(key, `bundle:${i}`);
  const done = new Map();
  /** @type {[string, import("ajv").AnySchema][]} */
  let entries;
  try {
    entries = keys.map(
      (key) => /** @type {[string, import("ajv").AnySchema]} */ ([ids.get(key), rewriteRefs(bundle[key], ids, done)]),
    );
  } catch (e) {
    if (e === ROOTED) return undefined;
    throw e;
  }
  /** @type {Map<string, Ajv>} */
  const instances = new Map();
  /** @param {string} draft @param {boolean} coerce */
  const instance = (draft, coerce) => {
    const key = `${draft} ${coerce}`;
    let ajv = instances.get(key);
    if (!ajv) {
      const made = prismAjv(draft, coerce, false);
      // Prism never checked the bundled schemas against the meta-schema (under `__bundled__`, no keyword of it); a
      // repeated subschema was checked as part of the schema it came from.
      for (const [id, schema] of [...entries, ...repeated]) made.addSchema(schema, id, undefined, false);
      instances.set(key, (ajv = made));
    }
    return ajv;
  };
  /**
   * The subschemas the checked schemas write out more than once, each a schema of its own
   * (prism-repeated-subschemas.cjs), in every instance.
   * @type {[string, Record<string, unknown>][]}
   */
  const repeated = [];
  const share = subschemaSharing((id, schema) => {
    repeated.push([id, schema]);
    for (const ajv of instances.values()) ajv.addSchema(schema, id, undefined, false);
  });
  // The bundled schemas too, across the bundle: a subschema many of them write out (a base's fields and a union in each
  // of its kinds, as the mock's copy reads them) compiled once, not once in each (Ajv writes a schema with no `$ref` in
  // place of every `$ref` to it: a union of n kinds compiled every kind's copy of the shared parts).
  entries = withBundleShared(entries, share);
  /**
   * Each schema checked: its rewrite (null: Prism's own check) and what compiling it made.
   * @type {WeakMap<object, { rewritten: Record<string, unknown> | null, made?: Made }>}
   */
  const compiled = new WeakMap();
  return {
    /**
     * The check of `schema`: its function, or the error compiling it threw; null where Prism's own check must run.
     * Made once for the schema, as Prism's cache does (keyed by the schema and the bundle: the instance the first
     * check chose, coercing or not, serves every later one).
     * @param {Record<string, unknown>} schema @param {boolean} coerce
     * @returns {Made | null}
     */
    validator(schema, coerce) {
      let entry = compiled.get(schema);
      if (!entry) {
        let rewritten = null;
        try {
          if (!hasRootedKeys(schema))
            rewritten = /** @type {Record<string, unknown>} */ (rewriteRefs(schema, ids, new Map()));
        } catch (e) {
          if (e !== ROOTED) throw e;
        }
        compiled.set(schema, (entry = { rewritten }));
      }
      if (entry.rewritten === null) return null;
      if (!entry.made) {
        // A copy, as Prism compiles one; a schema Ajv refuses is refused the same way each time.
        const draft = draftOf(schema.$schema);
        const root = { ...entry.rewritten };
        try {
          // Checked whole (and coerced, where the check coerces) before its repeated subschemas are shared.
          metaCheck(root, draft, coerce);
          entry.made = { validate: instance(draft, coerce).compile(share(root)) };
        } catch (error) {
          entry.made = { error };
        }
      }
      return entry.made;
    },
  };
}

/**
 * `entries` (a bundle's schemas by id) with each subschema written out more than once among them a `$ref` to a schema
 * of its own (`share`, prism-repeated-subschemas.cjs), as if the bundle were one schema holding them all.
 * @param {[string, import("ajv").AnySchema][]} entries @param {(root: Record<string, unknown>) => unknown} share
 * @returns {[string, import("ajv").AnySchema][]}
 */
function withBundleShared(entries, share) {
  const root = { definitions: Object.fromEntries(entries.filter(([, schema]) => isNode(schema))) };
  const shared = /** @type {{ definitions: Record<string, import("ajv").AnySchema> }} */ (share(root));
  return shared === root
    ? entries
    : entries.map(([id, schema]) => [id, isNode(schema) ? (shared.definitions[id] ?? schema) : schema]);
}

/**
 * Prism's validateAgainstSchema, its bundles shared.
 * @param {{ validateAgainstSchema: Function, convertAjvErrors: Function }} prism validators/utils.js of prism-http
 */
function sharedBundleValidation(prism) {
  const own = prism.validateAgainstSchema;
  /** @type {WeakMap<object, ReturnType<typeof sharedBundle> | null>} */
  const bundles = new WeakMap();
  /**
   * @param {unknown} value @param {unknown} schema @param {boolean} coerce @param {unknown} context
   * @param {unknown} prefix @param {unknown} bundle
   */
  return (value, schema, coerce, context, prefix, bundle) => {
    if (!isNode(bundle) || !isNode(schema)) return own(value, schema, coerce, context, prefix, bundle);
    let shared = bundles.get(bundle);
    if (shared === undefined) bundles.set(bundle, (shared = sharedBundle(bundle) ?? null));
    const made = shared?.validator(schema, coerce);
    if (!made) return own(value, schema, coerce, context, prefix, bundle);
    // As Prism's pipe: nothing said where the schema does not compile or its check throws.
    if (!made.validate) return O.none;
    try {
      made.validate(value);
    } catch {
      return O.none;
    }
    const errors = made.validate.errors;
    return errors?.length ? O.some(prism.convertAjvErrors(errors, DiagnosticSeverity.Error, context, prefix)) : O.none;
  };
}

module.exports = { sharedBundleValidation };
