// The n8n node of a provider, as data: its description (what n8n's editor
// shows: the operations as the `operation` options, each operation's
// parameters as properties shown for it, limits as type options, paging as
// "Return All" and "Limit"), the credential type's fields, and the node's
// N8nNode (@blockwright/runtime/n8n: where each operation's parameters are
// read). Where each parameter goes is decided in src/model/platform-inputs.ts,
// the wording in n8n-wording.ts; the template lays the files out.
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { paramTuple, toolBehavior, tupleWords, withRuleSentences } from "@blockwright/runtime/internal/generate";
import pluralize from "pluralize";
import type { OperationIR, ProviderIR } from "../../model/ir.js";
import { camelCase } from "../../model/naming.js";
import {
  baseUrlField,
  inCredential,
  N8N_COLLECTION,
  type N8nInput,
  n8nCredentialParams,
  n8nOperationInputs,
  type N8nOperationInputs,
} from "../../model/platform-inputs.js";
import { jsonExample } from "./json-example.js";
import { actionText, descriptionText, displayName, optionName, placeholderText, valueOptions } from "./n8n-wording.js";
import { Code } from "./ts-literal.js";

/** The names the node's files use, from the provider id. */
export interface N8nNames {
  /** The node's class and folder, e.g. `Acme`. */
  node: string;
  /** The node type's name, e.g. `acme`. */
  type: string;
  /** The credential type's class and name, e.g. `AcmeApi`, `acmeApi`. */
  credentialClass: string;
  credential: string;
  /** The icon files beside the node, light and dark. */
  icon: { light: string; dark: string };
}

export function n8nNames(ir: ProviderIR): N8nNames {
  return {
    node: ir.names.pascal,
    type: ir.names.camel,
    credentialClass: `${ir.names.pascal}Api`,
    credential: `${ir.names.camel}Api`,
    icon: { light: `${ir.provider}.svg`, dark: `${ir.provider}.dark.svg` },
  };
}

type Property = Record<string, unknown>;

/** The node's description (INodeTypeDescription) as data, its N8nNode, and how its credential is tested. */
export function n8nNodeView(ir: ProviderIR, names: N8nNames) {
  const tools = ir.operations.map((o) => o.tool);
  const operations = tools.map(n8nOperationInputs);
  const credentialParams = n8nCredentialParams(tools);
  const baseUrl = baseUrlField(tools);
  const probe = credentialProbe(tools);
  const ids = (ops: readonly N8nOperationInputs[]) => ops.map((o) => o.tool.id);
  const properties: Property[] = [
    ...operationProperties(ir, operations),
    ...shown(
      operations.flatMap((o) =>
        o.inputs.filter((i) => i.place === "node").map((i) => ({ op: o.tool.id, property: nodeProperty(i) })),
      ),
    ),
    ...operations.flatMap((o) => pagingProperties(o)),
    ...operations.flatMap((o) => collection(o)),
  ];
  const description = {
    displayName: ir.name,
    name: names.type,
    icon: { light: `file:${names.icon.light}`, dark: `file:${names.icon.dark}` },
    group: ["transform"],
    version: 1,
    subtitle: '={{ $parameter["operation"] }}',
    description: ir.description,
    defaults: { name: ir.name },
    usableAsTool: true,
    inputs: [new Code("NodeConnectionTypes.Main")],
    outputs: [new Code("NodeConnectionTypes.Main")],
    credentials: [{ name: names.credential, required: true, testedBy: `${names.credential}Test` }],
    properties,
  };
  const node = {
    provider: ir.provider,
    credential: names.credential,
    credentialParams: credentialParams.map((p) => p.name),
    ...(renamedFields(credentialParams) ? { credentialFields: renamedFields(credentialParams) } : {}),
    ...(baseUrl ? { baseUrlField: baseUrl } : {}),
    operations: Object.fromEntries(
      operations.map((o) => [
        o.tool.id,
        {
          params: o.inputs.map((i) => ({
            name: i.param.name,
            ...(i.property !== i.param.name ? { property: i.property } : {}),
            in: i.place,
            ...(i.as ? { as: i.as } : {}),
            ...(i.as === "list" ? { separator: i.param.separator } : {}),
            ...(i.orText ? { orText: true } : {}),
          })),
          ...(o.inputs.some((i) => i.place === "collection") ? { collection: N8N_COLLECTION } : {}),
          ...(o.paging ? { paging: o.paging } : {}),
        },
      ]),
    ),
  };
  return {
    description,
    node,
    probe,
    ids: ids(operations),
    credentialProperties: credentialProperties(ir, credentialParams, baseUrl),
  };
}

/** n8n's placeholder of a property named `email`, where the manifest gives none (its linter asks for one). */
const EMAIL_PLACEHOLDER = "name@email.com";

/** n8n's editor lists a node's operations by resource past five (its linter's threshold). */
const OPERATIONS_WITHOUT_RESOURCES = 5;

/**
 * The `operation` property; past five operations, or two of one title, a `resource` property first and an `operation`
 * per resource: an operation's resource is its OpenAPI operation's first tag, singular (n8n names resources so), else
 * the provider's name.
 */
function operationProperties(ir: ProviderIR, operations: readonly N8nOperationInputs[]): Property[] {
  const titleOf = (o: N8nOperationInputs) => optionName(o.tool.title);
  const option = (o: N8nOperationInputs, named: string) => ({
    name: named,
    value: o.tool.id,
    action: actionText(o.tool.title),
    // With its cross-field rules, as the tool's LLM description says them (runtime/llm/wording.ts).
    description: descriptionText(withRuleSentences(o.tool.description, o.tool.rules), o.tool.title),
  });
  const operation = (ops: readonly N8nOperationInputs[], show?: object): Property => {
    // Two operations of one title ("List" of letters and of addresses) are told apart by their ids: n8n's linter
    // refuses two options of one name (node-param-option-name-duplicate).
    const twice = new Set(ops.map(titleOf).filter((n, i, all) => all.indexOf(n) !== i));
    const options = sortByName(
      ops.map((o) =>
        option(
          o,
          twice.has(titleOf(o))
            ? `${titleOf(o)} (${displayName(o.tool.id.slice(ir.provider.length + 1).replace(/_/g, " "))})`
            : titleOf(o),
        ),
      ),
    );
    return {
      displayName: "Operation",
      name: "operation",
      type: "options",
      noDataExpression: true,
      ...(show ? { displayOptions: { show } } : {}),
      options,
      default: options[0]?.value ?? "",
    };
  };
  // Operations of one title are, as n8n lays such out, in resources of their own (those of their tags) where they have
  // some.
  const titled = new Set(operations.map(titleOf)).size === operations.length;
  if (operations.length <= OPERATIONS_WITHOUT_RESOURCES && titled) return [operation(operations)];
  const byId = new Map(ir.operations.map((o) => [o.tool.id, o]));
  const groups = new Map<string, { name: string; ops: N8nOperationInputs[] }>();
  for (const o of operations) {
    const name = resourceName(byId.get(o.tool.id), ir.name);
    const value = camelCase(name) || "resource";
    const group = groups.get(value) ?? { name, ops: [] };
    group.ops.push(o);
    groups.set(value, group);
  }
  const resources = sortByName([...groups].map(([value, g]) => ({ name: g.name.replace(/\*/g, "[All]"), value })));
  return [
    {
      displayName: "Resource",
      name: "resource",
      type: "options",
      noDataExpression: true,
      options: resources,
      default: resources[0]?.value ?? "",
    },
    ...resources.map((r) => operation(groups.get(r.value)?.ops ?? [], { resource: [r.value] })),
  ];
}

/** A resource's name: the operation's first tag, in title case and singular (n8n's linter checks with pluralize). */
function resourceName(op: OperationIR | undefined, fallback: string): string {
  const name = displayName(op?.tags?.[0] ?? fallback);
  return /data$/i.test(name) ? name : pluralize.singular(name);
}

/** A property of the node, shown for every operation whose parameter is laid out the same (one property per layout). */
function shown(entries: { op: string; property: Property }[]): Property[] {
  const byLayout = new Map<string, { property: Property; ops: string[] }>();
  for (const { op, property } of entries) {
    const key = JSON.stringify(property);
    const seen = byLayout.get(key);
    if (seen) seen.ops.push(op);
    else byLayout.set(key, { property, ops: [op] });
  }
  return [...byLayout.values()].map(({ property, ops }) => ({
    ...property,
    displayOptions: { show: { operation: ops } },
  }));
}

function nodeProperty(input: N8nInput): Property {
  const p = input.param;
  const name = displayName(p.title);
  const typeOptions = {
    // n8n's bounds are inclusive: an exclusive one is the editor's bound, the bound itself refused by the runtime (and
    // said in the description).
    ...(p.type === "number" && (p.minimum ?? p.exclusiveMinimum) !== undefined
      ? { minValue: p.minimum ?? p.exclusiveMinimum }
      : {}),
    ...(p.type === "number" && (p.maximum ?? p.exclusiveMaximum) !== undefined
      ? { maxValue: p.maximum ?? p.exclusiveMaximum }
      : {}),
    ...(p.type === "number" && p.integer ? { numberPrecision: 0 } : {}),
    ...(p.secret || (input.type === "string" && sensitiveProperty(input.property)) ? { password: true } : {}),
  };
  return {
    displayName: name,
    name: input.property,
    type: input.type,
    ...(Object.keys(typeOptions).length ? { typeOptions } : {}),
    ...(input.options ? { options: sortByName(valueOptions(input.options)) } : {}),
    ...(input.place === "node" && p.required ? { required: true } : {}),
    default: input.default,
    ...(p.placeholder
      ? { placeholder: placeholderText(p.placeholder) }
      : p.name === "email" && input.type === "string"
        ? { placeholder: EMAIL_PLACEHOLDER }
        : {}),
    description: describeParam(p, name, input.type === "boolean"),
  };
}

/**
 * A parameter's description, with the limits n8n's property does not show (the runtime checks them all before any
 * request).
 */
function describeParam(p: ParamSpec, name: string, boolean: boolean): string | undefined {
  const limits = [
    p.minLength !== undefined && p.minLength > 1 ? `at least ${p.minLength} characters` : "",
    p.maxLength !== undefined ? `at most ${p.maxLength} character${p.maxLength === 1 ? "" : "s"}` : "",
    // n8n has no exclusive bound: said here, checked by the runtime.
    p.exclusiveMinimum !== undefined ? `greater than ${p.exclusiveMinimum}` : "",
    p.exclusiveMaximum !== undefined ? `less than ${p.exclusiveMaximum}` : "",
    p.type === "file"
      ? p.multiple
        ? "the names of the input item's binary fields holding the files, comma-separated"
        : "the name of the input item's binary field holding the file"
      : "",
  ].filter(Boolean);
  const said = limits.length ? `${p.description.replace(/\.\s*$/, "")}. ${capital(limits.join(", "))}.` : p.description;
  // A 3.1 tuple's positions and count, and a JSON value's fields as an example to copy: n8n's JSON property shows no
  // schema (issue 59).
  const tuple = paramTuple(p);
  const example = jsonExample(p);
  const shaped = [said.replace(/\.\s*$/, ""), tuple ? tupleWords(tuple) : "", example ? `Example: \`${example}\`` : ""];
  return descriptionText(tuple || example ? shaped.filter(Boolean).join(". ") : said, name, boolean);
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** n8n's "Return All" and "Limit" for an operation that pages. */
function pagingProperties(o: N8nOperationInputs): Property[] {
  if (!o.paging) return [];
  const ops = [o.tool.id];
  return [
    {
      displayName: "Return All",
      name: o.paging.returnAll,
      type: "boolean",
      displayOptions: { show: { operation: ops } },
      default: false,
      description: "Whether to return all results or only up to a given limit",
    },
    {
      displayName: "Limit",
      name: o.paging.limit,
      type: "number",
      displayOptions: { show: { operation: ops, [o.paging.returnAll]: [false] } },
      typeOptions: { minValue: 1 },
      default: 50,
      description: "Max number of results to return",
    },
  ];
}

/**
 * The operation's "Additional Fields": its optional parameters without a default, sent only when the user adds them.
 */
function collection(o: N8nOperationInputs): Property[] {
  const entries = o.inputs.filter((i) => i.place === "collection").map(nodeProperty);
  if (!entries.length) return [];
  return [
    {
      displayName: "Additional Fields",
      name: N8N_COLLECTION,
      type: "collection",
      placeholder: "Add Field",
      default: {},
      displayOptions: { show: { operation: [o.tool.id] } },
      options: [...entries].sort((a, b) => compare(String(a.displayName), String(b.displayName))),
    },
  ];
}

/**
 * The credential type's fields: the manifest's auth and instance address parameters, and the address to send to instead
 * of the provider's.
 */
function credentialProperties(ir: ProviderIR, params: readonly ParamSpec[], baseUrl: string | undefined): Property[] {
  const fields: Property[] = params.map((p) => {
    const name = displayName(p.title);
    return {
      displayName: name,
      name: credentialField(p),
      type: "string",
      ...(p.secret || sensitive(p.name) ? { typeOptions: { password: true } } : {}),
      ...(p.required ? { required: true } : {}),
      default: "",
      ...(p.placeholder ? { placeholder: placeholderText(p.placeholder) } : {}),
      description: descriptionText(p.description, name),
    };
  });
  if (baseUrl) {
    fields.push({
      displayName: "Base URL",
      name: baseUrl,
      type: "string",
      default: ir.server.default ?? "",
      description: descriptionText(
        `The address requests go to, with this credential's key. Change it only for a sandbox, a mock or a proxy ` +
          `of the same API (an https address, or http on this machine)`,
        "Base URL",
      ),
    });
  }
  return fields;
}

/**
 * Names n8n's linter takes for a secret in a node's string property (node-param-type-options-password-missing):
 * masked, though the manifest does not call them secret (a page token is not, but n8n's editor hides it).
 */
function sensitiveProperty(name: string): boolean {
  return /secret|password|token|apikey/i.test(name) && !/^(maxTokens|password_needs_reset)$/.test(name);
}

/**
 * Names n8n's linter takes for a secret of a credential (credential-unnecessary-password): a masked field of another
 * name is warned of. A secret the manifest names otherwise (a key header's parameter, `xVtexApiAppkey`: "appkey" is
 * none of them) keeps its mask under a field name that says it (`…Secret`); the node reads it back by that name.
 */
const CREDENTIAL_SECRET_NAME = /password|secret|token|cert|passphrase|apikey|secretkey|privatekey|authkey/i;

/** The credential's field holding `p`. */
function credentialField(p: ParamSpec): string {
  return p.secret && !CREDENTIAL_SECRET_NAME.test(p.name) ? `${p.name}Secret` : p.name;
}

/**
 * The credential's fields named otherwise than their parameters, as [parameter, field] pairs (an object of them is
 * what n8n's linter reads as a secret in the source: no-hardcoded-secrets); none when every one is its own.
 */
function renamedFields(params: readonly ParamSpec[]): [string, string][] | undefined {
  const renamed = params
    .filter((p) => credentialField(p) !== p.name)
    .map((p): [string, string] => [p.name, credentialField(p)]);
  return renamed.length ? renamed : undefined;
}

/** Names n8n's linter takes for a credential (credential-password-field): their fields are always masked. */
function sensitive(name: string): boolean {
  return /secret|password|token|key/i.test(name) && !/^(accessKeyId|passwordless)$/.test(name);
}

/**
 * How the credential is tested in n8n's credential form: by a call of an operation that only reads and needs
 * nothing but the credential, when the provider has one; else its values are checked against the parameters'
 * rules, and nothing is sent.
 */
function credentialProbe(tools: readonly ToolSpec[]): { operation: string; send: boolean } {
  const probe = tools.find((t) => toolBehavior(t).readOnly && t.params.every((p) => !p.required || inCredential(p)));
  return probe ? { operation: probe.id, send: true } : { operation: tools[0]?.id ?? "", send: false };
}

/**
 * Options in the linter's order: by name (its comparison, localeCompare, here in English whatever the machine's
 * locale). Its own comparison, not a copy of the collation's table: the linter runs on the user's ICU, as this does.
 */
function sortByName<T extends { name: string }>(options: T[]): T[] {
  return [...options].sort((a, b) => compare(a.name, b.name));
}

const compare = (a: string, b: string) => a.localeCompare(b, "en");
