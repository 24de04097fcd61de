// Prism's check of a request's path, query and header parameters (@stoplight/prism-http's validators/params.js), with
// the request's names put in lower case once a check. Prism's lowered every name the request sent once for each
// parameter the operation declares, in the callback that reads that parameter: a list of 240 number filters, all sent,
// lowered 57,600 names a request (lodash's mapKeys, most of a test's mock). The rest is Prism's, step for step: the same
// deserializer for each parameter, reading the same lowered names; the values and the schema (one per list of
// parameters) keyed, kept and left out as its lodash calls do (keyBy, mapValues, pickBy: a later name wins, a falsy
// value and the keys `__proto__`, `constructor` and `prototype` left out); the same check and warnings.
// src/vendor/prism.cjs puts this in Prism's place.
"use strict";
const { DiagnosticSeverity } = require("@stoplight/types");
const E = require("fp-ts/Either");
const O = require("fp-ts/Option");
const NEA = require("fp-ts/NonEmptyArray");
const { pipe } = require("fp-ts/function");

/**
 * `object[key] = value`, a key `__proto__` made an own field (as lodash sets a key).
 * @param {Record<string, unknown>} object
 * @param {string} key
 * @param {unknown} value
 */
function put(object, key, value) {
  if (key === "__proto__")
    Object.defineProperty(object, key, { configurable: true, enumerable: true, value, writable: true });
  else object[key] = value;
}

/** The keys lodash's pickBy never sets. */
const UNSET = new Set(["__proto__", "constructor", "prototype"]);

/**
 * The parameters by `nameOf` (a later one wins), each mapped by `mapped`, the falsy results left out: Prism's
 * `pickBy(mapValues(keyBy(params, nameOf), mapped))`.
 * @param {any[]} params
 * @param {(p: any) => string} nameOf
 * @param {(p: any) => unknown} mapped
 */
function truthyBy(params, nameOf, mapped) {
  /** @type {Record<string, any>} */
  const keyed = {};
  for (const p of params) put(keyed, nameOf(p), p);
  /** @type {Record<string, unknown>} */
  const picked = {};
  for (const key of Object.keys(keyed)) {
    const value = mapped(keyed[key]);
    if (value && !UNSET.has(key)) picked[key] = value;
  }
  return picked;
}

/** @type {WeakMap<object[], { type: string, properties: Record<string, any>, required: string[] }>} */
const schemas = new WeakMap();

/**
 * The object schema of a list of parameters, by their names in lower case (as Prism makes it, once a list).
 * @param {any[]} params
 */
function schemaOf(params) {
  let schema = schemas.get(params);
  if (!schema) {
    schema = {
      type: "object",
      properties: truthyBy(
        params,
        (p) => p.name.toLocaleLowerCase(),
        (p) => p.schema,
      ),
      required: params.flatMap((p) => (p.required && p.name.toLowerCase() ? [p.name.toLowerCase()] : [])),
    };
    schemas.set(params, schema);
  }
  return schema;
}

/**
 * Prism's validateParams, its schema check read from Prism's module at each call (prism.cjs replaces it there too).
 * @param {{ validateAgainstSchema: Function }} prism
 */
function paramsValidation(prism) {
  /**
   * @param {Record<string, unknown>} target the request's values by name
   * @param {any[]} specs the operation's parameters of one place
   * @param {string} context
   * @param {unknown} bundle
   */
  return (target, specs, context, bundle) =>
    /** @param {{ deserializers: Record<string, Function>, prefix: string, defaultStyle: string }} style */
    ({ deserializers, prefix, defaultStyle }) => {
      const deprecated = specs
        .filter((spec) => spec.deprecated && target[spec.name])
        .map((spec) => ({
          path: [prefix, spec.name],
          code: "deprecated",
          message: `${prefix.charAt(0).toUpperCase()}${prefix.slice(1)} param ${spec.name} is deprecated`,
          severity: DiagnosticSeverity.Warning,
        }));
      return pipe(
        NEA.fromArray(specs),
        O.map((params) => {
          const schema = schemaOf(params);
          // Once for all the parameters: each deserializer only reads it.
          /** @type {Record<string, unknown>} */
          const lowered = {};
          for (const key of Object.keys(target)) put(lowered, key.toLowerCase(), target[key]);
          const values = truthyBy(
            params,
            (p) => p.name.toLowerCase(),
            (p) => {
              const deserialize = deserializers[p.style || defaultStyle];
              const name = p.name.toLowerCase();
              return deserialize ? deserialize(name, lowered, schema.properties[name], p.explode || false) : undefined;
            },
          );
          return { values, schema };
        }),
        O.chain(({ values, schema }) => prism.validateAgainstSchema(values, schema, true, context, prefix, bundle)),
        O.map((diagnostics) => NEA.concat(diagnostics, deprecated)),
        O.alt(() => NEA.fromArray(deprecated)),
        E.fromOption(() => target),
        E.swap,
      );
    };
}

module.exports = { paramsValidation };
