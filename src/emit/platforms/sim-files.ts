// `generate --target sim`: Sim's files for each provider, laid out as Sim's own tree (apps/sim/tools/<provider>/,
// apps/sim/blocks/blocks/<provider>.ts): a ToolConfig per operation — its parameters with their visibility, its request
// builders and transformResponse (the provider package's executeTool, prepared: @blockwright/runtime/sim), or for a
// tool whose request only an asynchronous preparation gives (signed as it leaves, its token obtained by an OAuth 2
// flow, a file read first) or that carries a secret (an echo of it in a failure's body, which Sim shows as it is) its
// directExecution (executeTool's call), its outputs — and the block, whose sub-blocks are the package's block inputs,
// its `tools.access` the operations and `tools.config.tool` the `operation` input. Every text from the inputs is a
// string literal (codeLiteral) or comment text.
import type { BlockInput, OutputSpec, OutputType, ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import {
  authWays,
  holdsNestedSecret,
  paramTuple,
  tupleWords,
  wayCredentials,
  withRuleSentences,
} from "@blockwright/runtime/internal/generate";
import type { ProviderIR } from "../../model/ir.js";
import { baseUrlField, type SimParam, simParams } from "../../model/platform-inputs.js";
import { camelCase } from "../../model/naming.js";
import { text as xmlText } from "../../common/markup-text.js";
import { codeLiteral, commentText } from "../code-text.js";
import { render, tsHeader } from "../emit.js";
import { codeSpan, markdownText } from "../markdown-text.js";
import { jsonExample } from "./json-example.js";
import { typedInputs } from "./sim-typed-inputs.js";
import { Code, tsLiteral } from "./ts-literal.js";
import { callerMustGive } from "../../model/param-keys.js";

/** What Sim's files need besides the IR: the provider's package, which they import. */
export interface SimContext {
  provider: { name: string; range: string };
  runtime: { name: string };
}

/** The paging inputs of a block: a Sim tool sends one request, so its block has none. */
const PAGE_INPUTS = new Set(["allPages", "maxItems", "maxPages"]);

/** Every Sim file of the provider, by path in its folder (which mirrors apps/sim/: its contents are copied over it). */
export function simFiles(ir: ProviderIR, ctx: SimContext): Map<string, string> {
  // The command that writes the file again: a plain `generate` writes the npm packages only.
  const header = tsHeader([ir.sources.manifest, ir.sources.openapi], "blockwright generate --target sim");
  const tools = ir.operations.map((o) => o.tool);
  const baseUrl = baseUrlField(tools);
  const tokenUrl = tokenUrlField(tools);
  const files = new Map<string, string>();
  const exports: { file: string; constName: string; id: string }[] = [];
  for (const op of ir.operations) {
    const t = op.tool;
    const file = t.id.startsWith(`${ir.provider}_`) ? t.id.slice(ir.provider.length + 1) : t.id;
    const constName = `${camelCase(t.id)}Tool`;
    exports.push({ file, constName, id: t.id });
    const tokenParam = obtainsToken(t) ? tokenUrl : undefined;
    const params = [...simParams(t, baseUrl), ...(tokenParam ? [tokenUrlParam(tokenParam)] : [])];
    const extra = [baseUrl, tokenParam].filter((name) => name !== undefined);
    const paramsType = `${op.types.paramsName}${extra.length ? "Sim" : ""}`;
    const fileParams = Object.fromEntries(
      t.params.filter((p) => p.type === "file").map((p) => [p.name, p.multiple ? "file[]" : "file"]),
    );
    const direct = directReasons(t);
    files.set(
      `tools/${ir.provider}/${file}.ts`,
      render("sim-tool.ts.hbs", {
        header,
        title: commentText(t.title),
        providerPackage: codeLiteral(ctx.provider.name),
        platformModule: codeLiteral(`${ctx.runtime.name}/sim`),
        paramsName: op.types.paramsName,
        paramsType,
        extra: extra.length ? extra.map((name) => ({ name, about: commentText(extraAbout(name, baseUrl)) })) : null,
        constName,
        id: codeLiteral(t.id),
        paramNames: tsLiteral(params.map((p) => p.name)),
        fields: requestFields(baseUrl, tokenParam, fileParams),
        direct: direct.length ? direct.join("; ") : null,
        config: tsLiteral(
          {
            id: t.id,
            name: t.title,
            // With its cross-field rules: what Sim's agents read of the tool (runtime/llm/wording.ts).
            description: withRuleSentences(t.description, t.rules),
            version: "1.0.0",
            params: toolParams(params, tokenParam, ir.server.default),
            request: {
              url: new Code("request.url"),
              // A parameter named `method` would be read as the method by Sim's executor: the builder says it instead.
              method:
                params.some((p) => p.name === "method") || t.routes.some((r) => r.method !== t.method)
                  ? new Code("request.method")
                  : t.method,
              headers: new Code("request.headers"),
              ...(t.method !== "GET" ? { body: new Code("request.body") } : {}),
            },
            transformResponse: new Code("request.transformResponse"),
            // Sim's builders are synchronous, and a signature's hashes, a flow's token request and a file's reading
            // are not: Sim's executor calls directExecution instead of sending the request, and the package makes
            // the call.
            ...(direct.length ? { directExecution: new Code("request.directExecution") } : {}),
            outputs: toolOutputs(t.outputs),
          },
          "",
        ),
      }),
    );
  }
  files.set(
    `tools/${ir.provider}/index.ts`,
    render("sim-tools-index.ts.hbs", {
      header,
      tools: exports.map((e) => ({ file: codeLiteral(`@/tools/${ir.provider}/${e.file}`), constName: e.constName })),
    }),
  );
  files.set(`blocks/blocks/${ir.provider}.ts`, block(ir, header, baseUrl, tokenUrl, ctx));
  return files;
}

/** The ToolConfig's params: the operation's, then the address fields (`tokenUrl`: the token endpoint's). */
function toolParams(params: readonly SimParam[], tokenUrl: string | undefined, server: string | undefined) {
  return Object.fromEntries(
    params.map((p) => [
      p.name,
      {
        // Sim's type of a list of files.
        type: p.type === "file" && p.param?.multiple ? "file[]" : p.type,
        required: p.required,
        visibility: p.visibility,
        ...(p.default !== undefined ? { default: p.default } : {}),
        description:
          (p.param && paramDescription(p.param)) ??
          (p.name === tokenUrl
            ? TOKEN_URL_ABOUT
            : `The API's address, instead of ${server ?? "the provider's"} (a sandbox, a mock or a proxy ` +
              "of the same API), where the key is sent"),
      },
    ]),
  );
}

/**
 * A sub-block's placeholder: the manifest's, else for a JSON input an example of the fields its parameter takes (Sim's
 * code input shows no schema), read from the parameter of the first operation showing the input.
 */
function placeholderOf(ir: ProviderIR, input: BlockInput): { placeholder?: string } {
  if (input.placeholder) return { placeholder: input.placeholder };
  if (input.control !== "code") return {};
  const shownFor = input.condition?.value ?? ir.operations.map((o) => o.tool.id);
  const param = ir.operations
    .filter((o) => shownFor.includes(o.tool.id))
    .flatMap((o) => o.tool.params)
    .find((p) => p.name === input.id && p.type === "json");
  const example = param && jsonExample(param);
  return example ? { placeholder: example } : {};
}

/**
 * A parameter's description, a 3.1 tuple's positions and count in words after it: a Sim parameter has no keyword for
 * them (its `items` is one schema of every item) and a model reads the description (issue 59).
 */
function paramDescription(p: ParamSpec): string {
  const tuple = paramTuple(p);
  return tuple ? `${p.description.replace(/\.\s*$/, "")}. ${tupleWords(tuple)}` : p.description;
}

/**
 * Whether a call of the tool may be signed as it is sent: with AWS Signature Version 4 (auth.sigv4), or carrying a JWT
 * bound to it (auth.signedJwt).
 */
function signs(tool: ToolSpec): boolean {
  return (
    !tool.anonymous &&
    authWays(tool.auth).some((way) => wayCredentials(way).some((c) => c.type === "sigv4" || c.type === "signedJwt"))
  );
}

/** Whether a call of the tool may obtain its access token by an OAuth 2 flow (auth.flows) before its request. */
function obtainsToken(tool: ToolSpec): boolean {
  return !tool.anonymous && (tool.oauth?.flows.length ?? 0) > 0;
}

/**
 * A sub-block's `required`: for the operations whose parameter of its name has no default (one with a default is the
 * package's to fill, and Sim refuses a saved block without a required value), all of them as `true`.
 */
function subBlockRequired(ir: ProviderIR, input: BlockInput): { required?: true | { field: string; value: string[] } } {
  if (!input.required) return {};
  const asked = ir.operations
    .filter((o) => o.tool.params.some((p) => p.name === input.id && callerMustGive(p)))
    .map((o) => o.tool.id);
  if (!asked.length) return {};
  const shownFor = input.condition?.value ?? ir.operations.map((o) => o.tool.id);
  return input.required === true && shownFor.every((id) => asked.includes(id))
    ? { required: true }
    : { required: { field: "operation", value: asked } };
}

/** Whether a call of the tool may read a file before its request (a file parameter, a multipart or binary body). */
function readsFiles(tool: ToolSpec): boolean {
  const encoding = tool.body?.encoding;
  return encoding === "multipart" || encoding === "binary" || tool.params.some((p) => p.type === "file");
}

/**
 * Why Sim's synchronous request builders cannot make the tool's request (the package makes it, as Sim's
 * directExecution): nothing for a request they make.
 */
function directReasons(tool: ToolSpec): string[] {
  return [
    ...(signs(tool) ? ["its request is signed as it is sent (AWS Signature Version 4, or a JWT bound to it)"] : []),
    ...(obtainsToken(tool) ? ["its access token is obtained by an OAuth 2 flow when not given"] : []),
    ...(readsFiles(tool) ? ["its files are read before its request"] : []),
    ...(carriesSecret(tool) ? [SECRET_REASON] : []),
  ];
}

const SECRET_REASON =
  "its request carries a secret, which an upstream's failure may echo, and Sim shows the body of an answer " +
  "that is not 2xx as it is: the package reads every answer and withholds it";

/** Whether a call of the tool sends a secret parameter, or a JSON parameter holding a secret field. */
function carriesSecret(tool: ToolSpec): boolean {
  return tool.params.some((p) => p.secret || holdsNestedSecret(p));
}

const TOKEN_URL_ABOUT =
  "The token endpoint's address, instead of the OAuth 2 flow's (the authorization server of a sandbox or a mock)";

/** The Sim parameter giving a token endpoint instead of the flows' (the runtime's `tokenUrl` option), when one is. */
function tokenUrlField(tools: readonly ToolSpec[]): string | undefined {
  if (!tools.some(obtainsToken)) return undefined;
  const names = new Set(tools.flatMap((t) => t.params.map((p) => p.name)));
  return names.has("tokenUrl") ? "oauthTokenUrl" : "tokenUrl";
}

function tokenUrlParam(name: string): SimParam {
  return { name, type: "string", required: false, visibility: "user-only" };
}

function extraAbout(name: string, baseUrl: string | undefined): string {
  return name === baseUrl
    ? "the API's address instead of the provider's"
    : "a token endpoint to ask instead of the OAuth 2 flow's";
}

/** simRequest's fields argument: the address field's name alone, as before there were others, or each named. */
function requestFields(
  baseUrl: string | undefined,
  tokenUrl: string | undefined,
  files: Record<string, string>,
): string | null {
  const anyFile = Object.keys(files).length > 0;
  if (tokenUrl === undefined && !anyFile) return baseUrl === undefined ? null : codeLiteral(baseUrl);
  return tsLiteral({
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(tokenUrl !== undefined ? { tokenUrl } : {}),
    ...(anyFile ? { files } : {}),
  });
}

/** A tool's outputs as Sim's: dotted paths nested as object properties. */
function toolOutputs(outputs: readonly OutputSpec[]): Record<string, object> {
  const root: Record<string, Record<string, unknown>> = {};
  for (const o of outputs) {
    const [first, ...rest] = o.path.split(".");
    let level = root;
    let key = first ?? o.path;
    for (const step of rest) {
      level[key] ??= { type: "object", description: `${key} of the answer`, properties: {} };
      level = (level[key] as { properties: Record<string, Record<string, unknown>> }).properties;
      key = step;
    }
    level[key] = { type: simOutputType(o.type), description: o.description, ...(o.optional ? { optional: true } : {}) };
  }
  return root;
}

/** A runtime output type as Sim's: bytes are a file (transformResponse gives it as Sim's file data). */
function simOutputType(type: OutputType): string {
  return type === "bytes" ? "file" : type;
}

/**
 * The block's outputs as Sim shows them: one per top-level key (a json one where the operations give it different
 * types), each with the operations that give it, unless all do.
 */
function simOutputs(ir: ProviderIR): Record<string, { type: string; description: string; condition?: object }> {
  const outputs: Record<string, { type: string; description: string; condition?: object }> = {};
  const ops = Object.keys(ir.block.outputs);
  for (const [op, byPath] of Object.entries(ir.block.outputs)) {
    for (const [path, out] of Object.entries(byPath)) {
      const key = path.split(".")[0] ?? path;
      const type = key === path ? simOutputType(out.type) : "json";
      const seen = outputs[key];
      const having = [
        ...((seen?.condition as { value?: string[] } | undefined)?.value ?? (seen ? ops.filter((o) => o !== op) : [])),
        op,
      ];
      outputs[key] = {
        type: seen && seen.type !== type ? "json" : type,
        description: seen?.description ?? (key === path ? out.description : `The ${key} of the answer`),
        condition: { field: "operation", value: having },
      };
    }
  }
  for (const out of Object.values(outputs))
    if ((out.condition as { value: string[] }).value.length === ops.length) delete out.condition;
  return outputs;
}

/** The advanced sub-blocks of the addresses to use instead of the provider's: the API's, the token endpoint's. */
function addressSubBlocks(ir: ProviderIR, baseUrl: string | undefined, tokenUrl: string | undefined): object[] {
  const withFlows = ir.operations.filter((o) => obtainsToken(o.tool)).map((o) => o.tool.id);
  return [
    ...(baseUrl
      ? [
          {
            id: baseUrl,
            title: "Base URL",
            type: "short-input",
            paramVisibility: "user-only",
            ...(ir.server.default ? { placeholder: ir.server.default } : {}),
            mode: "advanced",
            description: "The API's address, for a sandbox, a mock or a proxy of the same API",
          },
        ]
      : []),
    ...(tokenUrl
      ? [
          {
            id: tokenUrl,
            title: "Token URL",
            type: "short-input",
            paramVisibility: "user-only",
            mode: "advanced",
            ...(withFlows.length < ir.operations.length ? { condition: { field: "operation", value: withFlows } } : {}),
            description: TOKEN_URL_ABOUT,
          },
        ]
      : []),
  ];
}

function block(
  ir: ProviderIR,
  header: string,
  baseUrl: string | undefined,
  tokenUrl: string | undefined,
  ctx: SimContext,
): string {
  const inputs = ir.block.inputs.filter((i) => !PAGE_INPUTS.has(i.id));
  const subBlocks = inputs.map((i) => ({
    id: i.id,
    title: i.title,
    type: i.control === "number" ? "short-input" : i.control,
    ...(i.control === "code" ? { language: "json" } : {}),
    ...(i.options ? { options: i.options.map((o) => ({ label: o.label, id: o.id })) } : {}),
    ...placeholderOf(ir, i),
    ...(i.password ? { password: true } : {}),
    ...subBlockRequired(ir, i),
    ...(i.condition ? { condition: { field: "operation", value: i.condition.value } } : {}),
    paramVisibility: i.visibility,
    ...(i.default !== undefined ? { defaultValue: i.default } : {}),
    description: i.description,
  }));
  subBlocks.push(...(addressSubBlocks(ir, baseUrl, tokenUrl) as typeof subBlocks));
  // The text of a short input becomes a number or a boolean where its parameter is one, per operation where a name's
  // kinds differ. A json input whose forms include text: its text an object or a list where it spells one (the call
  // would send the text itself, which a text form takes).
  const coerced = typedInputs(ir, inputs);
  const paramTypes = new Map<string, string>();
  for (const i of inputs) if (!paramTypes.has(i.id)) paramTypes.set(i.id, i.type);
  if (baseUrl) paramTypes.set(baseUrl, "string");
  if (tokenUrl) paramTypes.set(tokenUrl, "string");
  const outputs = simOutputs(ir);
  const initial = (ir.name.match(/[A-Za-z0-9]/)?.[0] ?? "?").toUpperCase();
  return render("sim-block.ts.hbs", {
    header,
    iconName: `${ir.names.pascal}Icon`,
    blockName: `${ir.names.pascal}Block`,
    iconColor: codeLiteral(/^#[0-9A-Fa-f]{3,8}$/.test(ir.color) ? ir.color : "#666666"),
    initial: codeLiteral(initial),
    platformModule: codeLiteral(`${ctx.runtime.name}/sim`),
    initialXml: commentText(xmlText(initial)),
    coerced: tsLiteral(coerced),
    config: tsLiteral(
      {
        type: ir.provider,
        name: ir.name,
        description: ir.description,
        ...(ir.longDescription ? { longDescription: ir.longDescription } : {}),
        ...(ir.docsUrl ? { docsLink: ir.docsUrl } : {}),
        category: ir.category,
        bgColor: ir.color,
        icon: new Code(`${ir.names.pascal}Icon`),
        subBlocks,
        tools: {
          access: ir.block.tools.access,
          config: {
            tool: new Code("(params) => String(params.operation)"),
            params: new Code("(params) => simBlockParams(params, TYPED_INPUTS)"),
          },
        },
        inputs: Object.fromEntries(
          [...paramTypes].map(([name, type]) => [
            name,
            {
              type,
              description:
                inputs.find((i) => i.id === name)?.description ??
                (name === tokenUrl ? TOKEN_URL_ABOUT : "The API's address, for a sandbox, a mock or a proxy"),
            },
          ]),
        ),
        outputs,
      },
      "",
    ),
  });
}

/** The README of the output folder: how Sim takes the files, and each provider's lines for Sim's registries. */
export function simReadme(irs: readonly ProviderIR[], ctx: (ir: ProviderIR) => SimContext): string {
  return render("sim-readme.md.hbs", {
    header:
      `<!-- Generated by \`blockwright generate --target sim\` from ` +
      `${commentText(irs.map((ir) => ir.sources.manifest).join(" and ")).replace(/--/g, "- -")}. Do not edit: ` +
      `change the inputs and regenerate. -->`,
    providers: irs.map((ir) => {
      const c = ctx(ir);
      return {
        name: markdownText(ir.name),
        provider: ir.provider,
        providerPackage: c.provider.name,
        range: c.provider.range,
        blockName: `${ir.names.pascal}Block`,
        tools: ir.operations.map((o) => ({
          id: codeSpan(o.tool.id),
          key: o.tool.id,
          constName: `${camelCase(o.tool.id)}Tool`,
        })),
      };
    }),
    runtime: irs[0] ? ctx(irs[0]).runtime.name : "@blockwright/runtime",
  });
}
