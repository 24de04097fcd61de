// The client's connection type, as TypeScript reads it: a required credential
// is required; with OAuth 2 flows, the access token or exactly one flow's
// parameters (never a mix, never none). Checked by compiling assignments to
// the emitted type, each wrong one under @ts-expect-error.
import { dirname, join } from "node:path";
import type { AuthSpec } from "@blockwright/runtime";
import { authParams, type ToolSpec } from "@blockwright/runtime/internal";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { oauthTrackerTools } from "../../test-support/oauth/oauth-tracker.js";
import { loadProvider } from "./link-provider.js";
import { clientView, connectionType, methodName } from "./emit-client.js";

const root = join(import.meta.dirname, "../..");

/** `tool` authenticating by `auth` in place of its own, its own credential's parameter left out with it. */
function withAuth(tool: ToolSpec, auth: AuthSpec): ToolSpec {
  return { ...tool, auth, params: tool.params.filter((p) => !authParams(tool.auth).has(p.name)) };
}

/** The diagnostics of `source` compiled strictly on its own (with the standard library). */
function diagnostics(source: string): string[] {
  const file = "/virtual/connection.ts";
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) =>
    name === file ? ts.createSourceFile(name, source, version) : read(name, version);
  host.getDefaultLibLocation = () => dirname(ts.getDefaultLibFilePath(options));
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.start !== undefined ? d.file?.getLineAndCharacterOfPosition(d.start).line : "?"}: ` +
        `${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
    );
}

describe("the client's connection type", () => {
  it("requires a credential the provider requires", async () => {
    const payments = await loadProvider(root, join(root, "test-support/fixtures/specs-wild/zqpayments"));
    const type = connectionType(payments.operations[0]!.tool);
    const source = `type C = ${type};
const given: C = { apiKey: "k" };
// @ts-expect-error the credential left out
const none: C = {};
export { given, none };`;
    expect(diagnostics(source)).toEqual([]);
  });

  it("with OAuth 2 flows, takes the token or exactly one flow's parameters", async () => {
    const tools = await oauthTrackerTools();
    const type = connectionType(Object.values(tools)[0]!);
    const source = `type C = ${type};
const token: C = { token: "t" };
const clientCredentials: C = { tenant: "acme", clientId: "app", clientSecret: "s" };
const refresh: C = { clientId: "app", refreshToken: "r" };
const refreshWithSecret: C = { clientId: "app", refreshToken: "r", clientSecret: "s" };
const jwt: C = { clientId: "app", username: "u", privateKey: "pem" };
// @ts-expect-error neither the token nor a flow's parameters
const none: C = {};
// @ts-expect-error the token and a flow's parameters together
const both: C = { token: "t", tenant: "acme", clientId: "app", clientSecret: "s" };
// @ts-expect-error a flow's parameters, one missing
const partial: C = { tenant: "acme", clientId: "app" };
export { token, clientCredentials, refresh, refreshWithSecret, jwt, none, both, partial };`;
    expect(diagnostics(source)).toEqual([]);
  });
});

describe("the client's connection with several credentials", () => {
  // A basic credential, or a key sent with its id: two ways, each of two parameters.
  const auth: AuthSpec = {
    type: "basic",
    user: "zqUser",
    param: "zqPassword",
    alternatives: [
      { type: "header", name: "X-Zq-Key", param: "zqKey", also: [{ type: "query", name: "zq_id", param: "zqId" }] },
    ],
  };

  it(
    "takes every parameter of one way: the basic user " + "with its password, or the key with its id, never a mix",
    async () => {
      const payments = await loadProvider(root, join(root, "test-support/fixtures/specs-wild/zqpayments"));
      const type = connectionType({ ...payments.operations[0]!.tool, auth });
      const source = `type C = ${type};
const basic: C = { zqUser: "u", zqPassword: "p" };
const key: C = { zqKey: "k", zqId: "i" };
// @ts-expect-error the password without its user
const half: C = { zqPassword: "p" };
// @ts-expect-error the key without its id
const keyOnly: C = { zqKey: "k" };
// @ts-expect-error two ways at once
const both: C = { zqUser: "u", zqPassword: "p", zqKey: "k", zqId: "i" };
export { basic, key, half, keyOnly, both };`;
      expect(diagnostics(source)).toEqual([]);
    },
  );

  it("lists every credential parameter as the connection's, so that the client passes each to its calls", async () => {
    const payments = await loadProvider(root, join(root, "test-support/fixtures/specs-wild/zqpayments"));
    const ir = { ...payments, operations: payments.operations.map((op) => ({ ...op, tool: withAuth(op.tool, auth) })) };
    const view = clientView(ir, (op) => op.tool.id, "0.1.0");
    expect(view.tableLiteral).toContain('credentials: ["zqUser", "zqPassword", "zqKey", "zqId"]');
    expect(view.connectionKeys).toBe('"zqUser" | "zqPassword" | "zqKey" | "zqId"');
  });
});

describe("the client's connection where operations authenticate differently", () => {
  // The first operation takes a key; the others an admin token only (their security names another scheme).
  const key: AuthSpec = { type: "header", name: "X-Zq-Key", param: "zqKey" };
  const admin: AuthSpec = { type: "header", name: "X-Zq-Admin", param: "zqAdmin" };

  it("takes each operation's credential, each optional, so that every method can send its own", async () => {
    const payments = await loadProvider(root, join(root, "test-support/fixtures/specs-wild/zqpayments"));
    const ir = {
      ...payments,
      operations: payments.operations.map((op, i) => ({ ...op, tool: withAuth(op.tool, i === 0 ? key : admin) })),
    };
    const view = clientView(ir, (op) => op.tool.id, "0.1.0");
    expect(view.tableLiteral).toContain('credentials: ["zqKey", "zqAdmin"]');
    expect(view.connectionKeys).toBe('"zqKey" | "zqAdmin"');
    const source = `type C = ${view.connectionType};
const both: C = { zqKey: "k", zqAdmin: "a" };
const adminOnly: C = { zqAdmin: "a" };
// @ts-expect-error a credential no operation reads
const other: C = { zqOther: "o" };
export { both, adminOnly, other };`;
    expect(diagnostics(source)).toEqual([]);
  });
});

describe("the client's connection where an operation is served at the customer's own instance", () => {
  // The last operation's own server is the customer's (link/server/operation-instance.ts): its address parameter is
  // the connection's, given once to the client, as a provider-wide instance address is.
  it("takes the operation's instance address with the credential, optional", async () => {
    const payments = await loadProvider(root, join(root, "test-support/fixtures/specs-wild/zqpayments"));
    const last = payments.operations.length - 1;
    const ir = {
      ...payments,
      operations: payments.operations.map((op, i) =>
        i === last ? { ...op, tool: { ...op.tool, server: { ...op.tool.server, param: "zqInstanceUrl" } } } : op,
      ),
    };
    const view = clientView(ir, (op) => op.tool.id, "0.1.0");
    expect(view.tableLiteral).toContain('address: ["zqInstanceUrl"]');
    expect(view.connectionKeys).toContain('"zqInstanceUrl"');
  });
});

describe("the client's connection where operations take a secret or a person's value beside the credential", () => {
  // A subscription's shared secret (secret, user-only) one operation takes: a model never fills it, so an agent's tool
  // made from the client has it only from the client; the client carries it, optional, as the MCP server's connection
  // does.
  it("carries it, optional, and names it in the table", async () => {
    const payments = await loadProvider(root, join(root, "test-support/fixtures/specs-wild/zqpayments"));
    const sealed = { name: "zqSealed", type: "string", required: false, secret: true, visibility: "user-only" };
    const ir = {
      ...payments,
      operations: payments.operations.map((op, i) =>
        i === 0 ? { ...op, tool: { ...op.tool, params: [...op.tool.params, sealed] as ToolSpec["params"] } } : op,
      ),
    };
    const view = clientView(ir, (op) => op.tool.id, "0.1.0");
    expect(view.tableLiteral).toContain('connection: ["zqSealed"]');
    expect(view.connectionKeys).toContain('"zqSealed"');
    const [credential] = authParams(payments.operations[0]!.tool.auth);
    const source = `type C = ${view.connectionType};
const plain: C = { ${credential}: "k" };
const sealed: C = { ${credential}: "k", zqSealed: "s" };
// @ts-expect-error a value of another type
const wrong: C = { ${credential}: "k", zqSealed: 1 };
export { plain, sealed, wrong };`;
    expect(diagnostics(source)).toEqual([]);
  });
});

describe("a method's name", () => {
  it("is the tool id without its provider, camelCase", () => {
    expect(methodName("zqwidgets_list_gadget_parts", "zqwidgets")).toBe("listGadgetParts");
    expect(methodName("other_get_thing", "zqwidgets")).toBe("otherGetThing");
  });

  it(
    "is the whole id where the rest starts with a digit (an operationId such as 4oD_Feed): an identifier, " +
      "never a bare key starting with one",
    () => {
      expect(methodName("zqwidgets_4o_d_feed", "zqwidgets")).toBe("zqwidgets4oDFeed");
      expect(methodName("zqwidgets_list_2_parts", "zqwidgets")).toBe("list2Parts");
    },
  );
});
