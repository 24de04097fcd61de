// The link step for names the generated code derives from the manifest: each
// must stay distinct where it lands. The schema's patterns keep every id a
// valid part of an identifier; these are the clashes a pattern cannot see.
import type { LinkContext } from "../context.js";
import { camelCase, pascalCase } from "../../model/naming.js";

/** The block input that selects the operation (build-block.ts). */
const OPERATION_INPUT = "operation";

export function checkDerivedNames(ctx: LinkContext): void {
  const m = ctx.manifest;
  // `acme_get_1` and `acme_get1` both give acmeGet1Tool and AcmeGet1Params: two declarations of one name.
  const idOf = new Map<string, string>();
  for (const id of Object.keys(m.operations).sort()) {
    const first = idOf.get(pascalCase(id));
    if (first)
      ctx.fail(
        "BW2011",
        ["operations", id],
        `operation ids "${first}" and "${id}" give the same names in the generated code (${camelCase(id)}` +
          `Tool, ${pascalCase(id)}Params); rename one`,
      );
    else idOf.set(pascalCase(id), id);
  }
  const message = `"${OPERATION_INPUT}" is the name of the block input that selects the operation; choose another name`;
  if (m.params && Object.hasOwn(m.params, OPERATION_INPUT)) ctx.fail("BW2020", ["params", OPERATION_INPUT], message);
  for (const [id, op] of Object.entries(m.operations)) {
    if (op.params && Object.hasOwn(op.params, OPERATION_INPUT))
      ctx.fail("BW2020", ["operations", id, "params", OPERATION_INPUT], message);
    // `metadata` and `metadata.count`: one output cannot be a value and hold another.
    const paths = Object.keys(op.outputs);
    for (const path of paths) {
      const parent = paths.find((other) => path.startsWith(`${other}.`));
      if (parent)
        ctx.fail(
          "BW2011",
          ["operations", id, "outputs", path],
          `output "${parent}" is a value, so it cannot also hold "${path}"; rename one`,
        );
    }
  }
}
