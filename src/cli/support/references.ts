// `{{NAME}}` references to environment variables on the command line, and the
// rule that secrets are given only that way.
import { setOwn } from "@blockwright/runtime/internal";
import { envReferenceName } from "@blockwright/runtime/workflow";
import { envVariableName } from "../../model/naming.js";
import { UsageError } from "./io.js";

/**
 * Resolve `{{NAME}}` parameter values from `env`. A secret parameter must be
 * such a reference: a literal is refused without being echoed. Keys are
 * copied as own properties, so `__proto__` stays an (unknown) parameter.
 */
export function resolveParamReferences(
  params: Record<string, unknown>,
  secretNames: ReadonlySet<string>,
  env: Record<string, string | undefined>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(params)) {
    const value = params[name];
    const variable = envReferenceName(value);
    if (variable === undefined) {
      if (secretNames.has(name) && value !== undefined) {
        throw new UsageError(
          "BW3008",
          `${name} is a secret: pass it as a reference to an environment variable, e.g. ` +
            `${name}={{${envVariableName("my", name)}}}; ` +
            `the literal value given was not used`,
        );
      }
      setOwn(out, name, value);
      continue;
    }
    const resolved = env[variable];
    if (resolved === undefined || resolved === "")
      throw new UsageError("BW3008", `${name}: environment variable ${variable} is not set`);
    setOwn(out, name, resolved);
  }
  return out;
}
