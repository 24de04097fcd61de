// Prism's reading of a request's path parameters (@stoplight/prism-http's validator/index.js, getPathParams) with each
// operation's path template compiled once. Prism made `new URI.Template(path)` for every request it checked:
// uri-template-lite compiles the template into a regular expression and a `Function` of its own each time, so every
// request built, and V8 compiled, a new function (about 4 % of a mock's CPU a request, the derived contract cases).
// A template's compiled form holds no state between matches (a regular expression without the `g` flag, a function of
// its arguments), so the one made first for a template is given again. src/vendor/prism.cjs puts this in Prism's
// place: Prism reads `URI.Template` from uri-template-lite's exports at each request.
"use strict";

/** The most templates kept: a process serving many documents stops keeping more, and compiles the rest each time. */
const KEPT = 10_000;

/**
 * uri-template-lite's `URI` with its `Template` replaced by one that gives the same compiled template for the same text.
 * @param {{ Template: new (template: string) => object }} uri
 */
function templatesOnce(uri) {
  const Compiled = uri.Template;
  /** @type {Map<string, object>} */
  const compiled = new Map();
  /** @param {string} template */
  function Template(template) {
    let made = compiled.get(template);
    if (!made) {
      made = new Compiled(template);
      if (compiled.size < KEPT) compiled.set(template, made);
    }
    // A constructor that returns an object: `new Template(t)` is that object.
    return made;
  }
  uri.Template = /** @type {any} */ (Template);
  return uri;
}

module.exports = { templatesOnce };
