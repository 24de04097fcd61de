// A failing case, reproduced by hand: the `blockwright call` line that sends
// the same input to a mock, with every secret given as a `{{NAME}}` reference
// to an environment variable (never its value).
import type { ToolSpec } from "@blockwright/runtime/internal";
import { envVariableName } from "../model/naming.js";
import type { Input } from "./inputs/values.js";

/** The port the printed lines assume for `blockwright mock <provider> --port …`. */
export const REPRO_PORT = 4010;

/** The input with each secret replaced by its `{{NAME}}` reference and the mock's address left out. */
export function secretReference(tool: ToolSpec, input: Input): Input {
  const out: Input = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined || name === tool.server.param) continue;
    out[name] = tool.params.find((p) => p.name === name)?.secret
      ? `{{${envVariableName(tool.provider, name)}}}`
      : value;
  }
  return out;
}

/**
 * `blockwright call <id> --params '<json>' --param <secret>={{NAME}} … --base-url <mock>`,
 * to run with `blockwright mock <provider> --port 4010` in another terminal.
 * `drawn` lists secrets whose values the suite made up (never a user's), set
 * in front of the command so that it reproduces exactly.
 */
export function callCommand(tool: ToolSpec, input: Input, drawn: string[] = []): string {
  const plain: Input = {};
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(secretReference(tool, input))) {
    if (tool.params.find((p) => p.name === name)?.secret)
      secrets.push(`--param ${shellQuote(`${name}=${String(value)}`)}`);
    else plain[name] = value;
  }
  const address = `http://127.0.0.1:${REPRO_PORT}`;
  const target = tool.server.param
    ? `--param ${shellQuote(`${tool.server.param}=${address}`)}`
    : `--base-url ${address}`;
  // A secret list of texts as its JSON text, which the command reads a list parameter's variable as.
  const env = drawn
    .filter((name) => typeof input[name] === "string" || Array.isArray(input[name]))
    .map((name) => {
      const value = input[name];
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return `${envVariableName(tool.provider, name)}=${shellQuote(text)}`;
    });
  return (
    [...env, `blockwright call ${tool.id}`, `--params ${shellQuote(JSON.stringify(plain))}`, ...secrets, target].join(
      " ",
    ) + `   (with \`blockwright mock ${tool.provider} --port ${REPRO_PORT}\` running)`
  );
}

/** A POSIX shell word: single-quoted, quotes inside escaped. */
export function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
