// A client where the process has an environment (the runtime's "node" entry,
// node.ts: Node.js, Deno, Bun — never a browser, whose bundles take the plain
// entry and carry none of this). Made without a credential, it takes each
// credential parameter from the provider's variable (`ACME_API_KEY` for
// acme's apiKey), and any other connection parameter not given from its
// own; BLOCKWRIGHT_LOG sets its log level (`debug`, `info`, `warn` or `off`:
// the lines of that level and above, to the logger given, else the console);
// and each request says who calls, `User-Agent: blockwright/<the runtime's
// version> <provider>/<the package's version>` (a header the caller
// gives wins); its hooks, logger and `withResponse` see each call (observe.ts, which a browser's
// client has only when given it). What a variable holds is a secret of the client's like any
// credential it is given: redacted wherever it could show, never logged.
import { BY_HAND } from "../call/support.js";
import { envVariableName } from "./env-name.js";
import { type ClientEnvironment, type ClientTable, clientOf } from "./client.js";
import { observeCalls } from "./observe.js";
import type { ClientLogger, ClientOptions } from "./types.js";
import { RUNTIME_VERSION } from "./version.js";

/** The levels of a client's log lines, from the most said; `off` says none. */
export const LOG_LEVELS = ["debug", "info", "warn", "off"] as const;

export { envVariableName } from "./env-name.js";

/** The process's environment variables, where it has them. */
function variables(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}

/** A client's options with what the environment gives, its User-Agent the first of its headers (any other wins). */
export const fromEnvironment: ClientEnvironment = (table, options) => {
  const env = variables();
  const provider = Object.values(table.methods)[0]?.provider;
  const given = options as Record<string, unknown>;
  const defaults: Record<string, string> = {};
  // A credential given (any of its parameters) is the client's whole: none is taken from the environment then.
  if (provider !== undefined && !table.credentials.some((k) => given[k] !== undefined)) {
    for (const param of table.credentials) {
      const value = env[envVariableName(provider, param)];
      if (value) defaults[param] = value;
    }
  }
  // The other connection parameters (a person's own value, a secret some tools take), each where not given.
  if (provider !== undefined)
    for (const param of table.connection ?? []) {
      const value = given[param] === undefined ? env[envVariableName(provider, param)] : undefined;
      if (value) defaults[param] = value;
    }
  const level = env.BLOCKWRIGHT_LOG;
  const logger = level ? leveled(options.logger ?? console, level) : options.logger;
  const agent =
    `blockwright/${RUNTIME_VERSION}` +
    `${provider !== undefined && table.version !== undefined ? ` ${provider}/${table.version}` : ""}`;
  return {
    ...defaults,
    // Its hooks, logger and withResponse observe each call (observe.ts), as they always did.
    observe: observeCalls,
    ...options,
    ...(logger ? { logger } : {}),
    headers: { "user-agent": agent, ...options.headers },
  };
};

/**
 * `logger` saying the lines of `level` and above; a level that is none of LOG_LEVELS is said once on the console and
 * read as unset.
 */
function leveled(logger: ClientLogger, level: string): ClientLogger {
  const from = LOG_LEVELS.indexOf(level as (typeof LOG_LEVELS)[number]);
  if (from < 0) {
    console.warn(
      `BLOCKWRIGHT_LOG: must be ${LOG_LEVELS.join(", ")}, got ${JSON.stringify(level)}: ` +
        `the client logs as if it were unset`,
    );
    return logger;
  }
  const said = LOG_LEVELS.slice(from, -1) as readonly (keyof ClientLogger)[];
  return Object.fromEntries(said.map((name) => [name, logger[name]?.bind(logger)]));
}

/** createClient with what the environment gives (see above). */
export function createClient(table: ClientTable, options: ClientOptions = {}): Record<string, unknown> {
  return clientOf(table, options, BY_HAND, fromEnvironment);
}

/** createPackageClient with what the environment gives (see above). */
export function createPackageClient(table: ClientTable, options: ClientOptions = {}): Record<string, unknown> {
  return clientOf(table, options, undefined, fromEnvironment);
}
