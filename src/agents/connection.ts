// Where an agent host (the MCP server) finds the parameters a model never
// fills: credentials and other user-only settings of each provider. By
// default each comes from the environment variable <PROVIDER>_<PARAM> in
// upper snake case (`apiKey` → `<PROVIDER>_API_KEY`); a config file
// can name other variables, or give literal values for what is not secret:
//
//   connections:
//     <provider>:
//       apiKey: "{{MY_TOKEN}}"                 # a secret: only a {{NAME}} reference
//       instanceUrl: https://acme.example.com  # not secret: a literal is fine
//       login.password: "{{MY_PASSWORD}}"      # a secret inside a JSON value's object (its place)
import {
  authWays,
  connectionParams,
  connectionPlaces,
  flowParams,
  oauthParams,
  type ParamSpec,
  secretTexts,
  type ToolSpec,
  wayParams,
} from "@blockwright/runtime/internal";
import { envReferenceName, placeholderFor } from "@blockwright/runtime/workflow";
import { envVariableName } from "../model/naming.js";
import { formatPosition, loadYamlSource, type YamlSource } from "../load/yaml-source.js";
import { callerMustGive } from "../model/param-keys.js";

/** Where one connection parameter's value comes from. */
export type ConnectionSource = { variable: string } | { value: string | number | boolean };

/** provider → parameter → source, for the parameters the config names. */
export type ConnectionConfig = Record<string, Record<string, ConnectionSource>>;

export class ConnectionConfigErrors extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConnectionConfigErrors";
  }
}

/** Each provider's connection parameters (the union over its tools), by name. */
export function connectionParamsByProvider(tools: readonly ToolSpec[]): Map<string, Map<string, ParamSpec>> {
  const out = new Map<string, Map<string, ParamSpec>>();
  for (const tool of tools) {
    const params = out.get(tool.provider) ?? new Map<string, ParamSpec>();
    for (const p of connectionParams(tool)) {
      const known = params.get(p.name);
      // Secret in any tool means secret for the provider.
      params.set(p.name, known?.secret ? known : p);
    }
    // A secret inside a JSON value's object (`login.password`): a secret of the connection's too, needed only by the
    // calls of its tool that give the object (llmCallParams says which), so never missing for the provider's others.
    for (const place of connectionPlaces(tool))
      if (!params.has(place.name)) params.set(place.name, placeSpec(tool, place.name));
    out.set(tool.provider, params);
  }
  return out;
}

/** A connection place as a parameter of the connection: an optional secret text. */
function placeSpec(tool: ToolSpec, name: string): ParamSpec {
  const { wire } = tool.params.find((p) => p.name === name.split(".")[0]) as ParamSpec;
  return {
    name,
    type: "string",
    title: name,
    description: "",
    required: false,
    secret: true,
    visibility: "user-only",
    wire,
  };
}

/**
 * Read and check a connection config (YAML or JSON) against the project's
 * tools: known providers and connection parameters only, secrets only as
 * `{{NAME}}` references (a literal is refused and not echoed).
 */
export function loadConnectionConfig(file: string, displayName: string, tools: readonly ToolSpec[]): ConnectionConfig {
  const source = loadYamlSource(file, displayName);
  return checkConnectionConfig(source, tools);
}

export function checkConnectionConfig(source: YamlSource, tools: readonly ToolSpec[]): ConnectionConfig {
  const problems: string[] = [];
  const fail = (path: (string | number)[], message: string, which: "key" | "value" = "key") =>
    problems.push(`${formatPosition(source.locate(path, which))}: ${path.join(".") || "(top level)"}: ${message}`);
  const byProvider = connectionParamsByProvider(tools);
  const config: ConnectionConfig = {};
  const data = source.data;
  if (!isRecord(data)) {
    fail([], "must be a mapping with a `connections` key");
    throw new ConnectionConfigErrors(problems);
  }
  for (const key of Object.keys(data))
    if (key !== "connections") fail([key], `unknown field "${key}" (allowed: connections)`);
  const connections = data.connections ?? {};
  if (!isRecord(connections)) fail(["connections"], "must be a mapping of provider ids to their parameters", "value");
  else {
    for (const provider of Object.keys(connections)) {
      const at = ["connections", provider];
      const known = byProvider.get(provider);
      if (!known) {
        fail(at, `unknown provider "${provider}" (providers: ${[...byProvider.keys()].join(", ") || "none"})`);
        continue;
      }
      const entries = connections[provider];
      if (!isRecord(entries)) {
        fail(at, "must be a mapping of parameter names to {{NAME}} references or values", "value");
        continue;
      }
      const sources: Record<string, ConnectionSource> = {};
      for (const param of Object.keys(entries)) {
        const where = [...at, param];
        const spec = known.get(param);
        if (!spec) {
          const modelFilled = tools.some((t) => t.provider === provider && t.params.some((p) => p.name === param));
          fail(
            where,
            modelFilled
              ? `"${param}" is filled by the model in each call, not by the connection`
              : `unknown connection parameter "${param}" (${provider} ` +
                  `takes: ${[...known.keys()].join(", ") || "none"})`,
          );
          continue;
        }
        const value = entries[param];
        const variable = envReferenceName(value);
        if (variable !== undefined) sources[param] = { variable };
        else if (spec.secret)
          fail(
            where,
            `is a secret: give it as a reference to an environment variable, e.g. ` +
              `"{{${envVariableName(provider, param)}}}"; the literal value was not used`,
            "value",
          );
        else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
          sources[param] = { value };
        else fail(where, `must be a {{NAME}} reference or a text, number or boolean value`, "value");
      }
      config[provider] = sources;
    }
  }
  if (problems.length) throw new ConnectionConfigErrors(problems);
  return config;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export interface ResolvedConnection {
  /** Parameter values for every tool of the provider. */
  values: Record<string, unknown>;
  /** Required parameters that have no value (live mode): the variables to set. */
  missing: { param: string; variable: string }[];
  /** The environment variable each parameter is read from: a refusal of a call lacking one names it. */
  variables?: Record<string, string>;
}

export interface ResolvedConnections {
  byProvider: Map<string, ResolvedConnection>;
  /** Variables given placeholders (mock mode). */
  placeholders: string[];
  /** Every secret value, to keep out of whatever the server answers. */
  secrets: string[];
}

/**
 * The connection values of each provider from the environment and the
 * config. In mock mode a missing value gets a clearly labelled placeholder
 * (as workflow mock runs do); in live mode it is reported as missing.
 */
export function resolveConnections(
  tools: readonly ToolSpec[],
  config: ConnectionConfig,
  env: Record<string, string | undefined>,
  mode: "mock" | "live",
): ResolvedConnections {
  const byProvider = new Map<string, ResolvedConnection>();
  const placeholders: string[] = [];
  const secrets: string[] = [];
  for (const [provider, params] of connectionParamsByProvider(tools)) {
    const values: Record<string, unknown> = {};
    const missing: ResolvedConnection["missing"] = [];
    const mockPlaceholder = placeholderRule(
      tools.find((t) => t.provider === provider && t.oauth),
      config[provider],
      env,
      provider,
    );
    const variables: Record<string, string> = {};
    for (const [name, spec] of params) {
      const source = config[provider]?.[name] ?? { variable: envVariableName(provider, name) };
      if ("variable" in source) variables[name] = source.variable;
      if ("value" in source) {
        values[name] = source.value;
        continue;
      }
      const value = env[source.variable];
      if (value !== undefined && value !== "") {
        values[name] = value;
        if (spec.secret) secrets.push(...secretTexts(value));
      } else if (mode === "mock" && mockPlaceholder(name)) {
        values[name] = placeholderFor(source.variable, spec);
        placeholders.push(source.variable);
      } else if (callerMustGive(spec) || (mode === "live" && mockPlaceholder.credentialMissing(name))) {
        missing.push({ param: name, variable: source.variable });
      }
    }
    byProvider.set(provider, { values, missing, variables });
  }
  return { byProvider, placeholders, secrets };
}

/**
 * Which missing connection parameters get a mock placeholder (and, live,
 * whether a missing one is the credential nothing stands in for): for a provider
 * with OAuth 2 flows, not a flow's parameters (a placeholder would fail a
 * tenant's pattern, and the flow would ask for a token with made-up
 * credentials), and the access token only when no flow's parameters are all
 * set: set ones go through the flow, to the token endpoint mock.
 */
function placeholderRule(
  tool: ToolSpec | undefined,
  config: ConnectionConfig[string] | undefined,
  env: Record<string, string | undefined>,
  provider: string,
): ((name: string) => boolean) & { credentialMissing(name: string): boolean } {
  if (!tool?.oauth) return Object.assign(() => true, { credentialMissing: () => false });
  const isSet = (name: string) => {
    const source = config?.[name] ?? { variable: envVariableName(provider, name) };
    return "value" in source || (env[source.variable] ?? "") !== "";
  };
  const flowSet = tool.oauth.flows.some((f) => flowParams(f).every(isSet));
  const flowParamNames = oauthParams(tool);
  const rule = (name: string) => !flowParamNames.has(name) && !(flowSet && name === tool.auth.param);
  // Live: the access token (optional once flows exist) is missing when no flow's parameters are all set either.
  return Object.assign(rule, { credentialMissing: (name: string) => name === tool.auth.param && !flowSet });
}

/**
 * A tool's credential that comes in one of several ways (`auth.alternatives`: a key, or a token) none of whose
 * parameters are all set: the first parameter of each way and its variable, for a refusal naming what to set (no
 * required parameter says so: each way's are optional). None where a way is set, or where OAuth 2 flows obtain the
 * token (their own rule: placeholderRule).
 */
export function unsetWays(tool: ToolSpec, connection: ResolvedConnection): ResolvedConnection["missing"] {
  const ways = authWays(tool.auth);
  if (ways.length < 2 || tool.oauth) return [];
  const set = (name: string) => connection.values[name] !== undefined && connection.values[name] !== "";
  if (ways.some((way) => wayParams(way).every(set))) return [];
  return ways.flatMap((way) => {
    const param = wayParams(way)[0];
    return param === undefined ? [] : [{ param, variable: connection.variables?.[param] ?? param }];
  });
}
