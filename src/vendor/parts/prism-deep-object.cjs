// Prism's reading of a deepObject parameter (@stoplight/prism-http's deserializers/style/deepObject.js), with what the
// request does not carry left out. Prism's builds the value from the schema, not from the pairs sent: each array field
// the request sent no `name[field][i]` pair for became `[]`, each object field `{}`, and the parameter itself an object
// whether it was sent or not; a schema whose array fields have minItems then refused every request that left them out
// ("filter.begin_at must NOT have fewer than 1 items", 31 times over for one optional parameter). Here a field (and the
// parameter) is there when a pair under its path is, read as Prism reads it otherwise: fields by `name[field]`, a list's
// items by `name[field][i]`. src/vendor/prism.cjs puts this in Prism's place.
"use strict";

/**
 * @param {string} name the parameter's name (lower case, as Prism's params.js gives it)
 * @param {Record<string, unknown>} parameters the request's query pairs by name (lower case)
 * @param {any} schema the parameter's schema
 */
function deserializeDeepObjectStyle(name, parameters, schema) {
  const names = Object.keys(parameters);
  /** @param {string[]} path */
  const resolve = (path) => name + path.map((el) => `[${el}]`).join("");
  /** @param {string[]} path */
  const sentUnder = (path) => {
    const prefix = resolve(path);
    return names.some((k) => k === prefix || k.startsWith(`${prefix}[`));
  };
  /** @param {string} text */
  const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  /**
   * @param {string[]} path
   * @param {any} items
   * @returns {unknown[]}
   */
  function constructArray(path, items) {
    const indexed = new RegExp(`^${literal(resolve(path))}\\[([0-9]+)\\]`);
    /** @type {Set<string>} */
    const indexes = new Set();
    for (const k of names) {
      const match = indexed.exec(k);
      if (match?.[1] !== undefined) indexes.add(match[1]);
    }
    return [...indexes].sort((a, b) => Number(a) - Number(b)).map((i) => construct([...path, i], items));
  }
  /**
   * @param {string[]} path
   * @param {Record<string, any>} properties
   * @returns {Record<string, unknown>}
   */
  function constructObject(path, properties) {
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const key of Object.keys(properties)) {
      if (!sentUnder([...path, key])) continue;
      out[key] = construct([...path, key], properties[key]);
    }
    return out;
  }
  /**
   * @param {string[]} path
   * @param {any} def
   * @returns {unknown}
   */
  function construct(path, def) {
    if (def && def.type === "object") return constructObject(path, def.properties || {});
    if (def && def.type === "array") return constructArray(path, def.items || {});
    return parameters[resolve(path)];
  }
  if (!sentUnder([])) return undefined;
  return construct([], schema || {});
}

module.exports = { deserializeDeepObjectStyle };
