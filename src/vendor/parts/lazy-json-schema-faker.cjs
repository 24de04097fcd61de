// @ts-nocheck -- Prism's modules require it as they would the package it stands in for, which ships no types.
// In place of json-schema-faker for @stoplight/prism-http's mocker/generator/JSONSchema.js in dist/vendor/prism.cjs
// (scripts/build/vendor.mjs): the same JSONSchemaFaker, loaded when it is first asked to draw. Prism draws with it only
// for a dynamic answer (`Prefer: dynamic=true`) or a callback's parameters, yet it configures it as its module loads;
// json-schema-faker (with its own $ref parser and YAML reader) and faker were loaded by every command starting a mock.
// The configuration Prism gives before then (extend, option) is kept and given to it, in order, when it loads.
"use strict";
/** @type {Record<string | symbol, Function> | undefined} */
let real;
/** @type {[string | symbol, unknown[]][]} */
const given = [];
const load = () => {
  if (!real) {
    real = require("json-schema-faker").JSONSchemaFaker;
    for (const [name, args] of given) /** @type {Record<string | symbol, Function>} */ (real)[name](...args);
  }
  return real;
};
/** Calls that set, not read: kept until it loads (option(name) alone reads an option). */
const KEPT = new Set(["extend", "option"]);
exports.JSONSchemaFaker = new Proxy(
  {},
  {
    get(_, name) {
      if (!real && KEPT.has(String(name)))
        return (/** @type {unknown[]} */ ...args) => {
          if (real || (name === "option" && typeof args[0] === "string" && args.length < 2))
            return load()[name](...args);
          given.push([name, args]);
          return exports.JSONSchemaFaker;
        };
      // Called on JSONSchemaFaker itself, as when Prism held the real one.
      const value = load()[name];
      return typeof value === "function" ? value.bind(real) : value;
    },
  },
);
