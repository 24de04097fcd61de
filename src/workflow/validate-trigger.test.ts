// The trigger block's checks where its trigger keeps a subscription (the
// directory's users-updated trigger): besides the trigger and its secret, it
// takes the connection its subscription's calls need (serve --public-url),
// secrets as environment references, and nothing else.
import { describe, expect, it } from "vitest";
import { registry } from "../../test-support/repo.js";
import { parseWorkflow, WorkflowErrors } from "./validate.js";
import { connectionInputs } from "./validate-trigger.js";

const flow = (startInputs: string) =>
  [
    "name: On a changed user",
    "blocks:",
    "  start:",
    "    type: directory",
    "    name: A user changed",
    `    inputs: { trigger: directory_user_updated, clientState: '{{ZQ_CLIENT_STATE}}'${startInputs} }`,
    "    connections: { outgoing: [{ target: user }] }",
    "  user:",
    "    type: directory",
    "    name: Read the user",
    "    inputs: { operation: directory_get_user, accessToken: '{{ZQ_TOKEN}}', userId: '{{start.metadata.userId}}' }",
    "",
  ].join("\n");

const ENV = {
  ZQ_CLIENT_STATE: "zq-state-value-1",
  ZQ_TOKEN: "zq-token-value-2",
  ZQ_CLIENT_SECRET: "zq-secret-value-3",
};

function problems(text: string, env: Record<string, string> = ENV): string[] {
  try {
    parseWorkflow(text, "flow.yaml", registry, { env, mode: "live" });
    return [];
  } catch (e) {
    if (e instanceof WorkflowErrors) return e.errors.map((x) => x.message);
    throw e;
  }
}

describe("a trigger block whose trigger keeps a subscription", () => {
  const trigger = registry.triggers?.directory_user_updated;
  it("takes the connection inputs its subscription's operations leave unset", () => {
    expect(trigger && connectionInputs(trigger, registry.tools)).toEqual([
      "accessToken",
      "clientId",
      "clientSecret",
      "tenantId",
    ]);
    expect(problems(flow(", accessToken: '{{ZQ_TOKEN}}'"))).toEqual([]);
    expect(problems(flow(", tenantId: zq.example, clientId: zq-app, clientSecret: '{{ZQ_CLIENT_SECRET}}'"))).toEqual(
      [],
    );
  });

  it("refuses a connection secret written out, or whose variable is not set, without showing it", () => {
    const written = problems(flow(", accessToken: zq-literal-token-value"));
    expect(written).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`start\.accessToken: a secret must be given as a reference to an environment variable, ` +
            String.raw`e\.g\. "\{\{MY_SECRET\}\}"; the value written here was not used and is not shown`,
        ),
      ),
    ]);
    expect(written.join("\n")).not.toContain("zq-literal-token-value");
    expect(problems(flow(", accessToken: '{{ZQ_UNSET}}'"))).toEqual([
      expect.stringMatching(/start\.accessToken: environment variable ZQ_UNSET is not set \(a secret\)/),
    ]);
  });

  it("refuses any other input, naming those it takes", () => {
    expect(problems(flow(", resource: groups"))).toEqual([
      expect.stringMatching(
        new RegExp(
          'start: directory_user_updated has no input "resource" ' +
            String.raw`\(inputs: trigger, clientState, accessToken, clientId, clientSecret, tenantId\)`,
        ),
      ),
    ]);
    // Its name quoted with its control characters escaped (a terminal's title sequence was printed as it is).
    expect(problems(flow(', "zq\\e]0;T\\a": groups'))).toEqual([
      expect.stringContaining('has no input "zq\\u001b]0;T\\u0007" (inputs:'),
    ]);
  });
});

describe("a trigger block whose deliveries are checked with the provider's Ed25519 public key", () => {
  const base = registry.triggers?.directory_user_updated;
  if (!base) throw new Error("the directory's users-updated trigger is this test's subject");
  const ed25519 = {
    ...registry,
    triggers: {
      ...registry.triggers,
      directory_user_updated: {
        ...base,
        authentication: { kind: "ed25519", encoding: "hex", header: "X-Zq-Sig", signedText: "{body}" },
      },
    },
  } as typeof registry;
  const check = (text: string) => {
    try {
      parseWorkflow(text, "flow.yaml", ed25519, { env: ENV, mode: "live" });
      return [];
    } catch (e) {
      if (e instanceof WorkflowErrors) return e.errors.map((x) => x.message);
      throw e;
    }
  };
  const key = "3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29";
  it("takes the key written as it is (a configured value, not a secret), or from the environment", () => {
    expect(check(flow(", accessToken: '{{ZQ_TOKEN}}'").replace("'{{ZQ_CLIENT_STATE}}'", key))).toEqual([]);
    expect(check(flow(", accessToken: '{{ZQ_TOKEN}}'"))).toEqual([]);
  });

  it("still needs the key, named as the public key", () => {
    expect(check(flow("").replace(", clientState: '{{ZQ_CLIENT_STATE}}'", ""))).toEqual([
      expect.stringContaining('needs "clientState", the provider\'s public key deliveries are checked with'),
    ]);
  });
});

describe("a written-out Ed25519 public key", () => {
  const base = registry.triggers?.directory_user_updated;
  if (!base) throw new Error("the directory's users-updated trigger is this test's subject");
  const ed25519 = {
    ...registry,
    triggers: {
      ...registry.triggers,
      directory_user_updated: {
        ...base,
        authentication: { kind: "ed25519", encoding: "hex", header: "X-Zq-Sig", signedText: "{body}" },
      },
    },
  } as typeof registry;
  it("is refused before serving when it is no Ed25519 key, naming the input, the rule and the value", () => {
    let messages: string[] = [];
    try {
      parseWorkflow(
        flow(", accessToken: '{{ZQ_TOKEN}}'").replace("'{{ZQ_CLIENT_STATE}}'", "zq-not-a-key"),
        "flow.yaml",
        ed25519,
        {
          env: ENV,
          mode: "live",
        },
      );
    } catch (e) {
      if (!(e instanceof WorkflowErrors)) throw e;
      messages = e.errors.map((x) => x.message);
    }
    expect(messages).toEqual([
      expect.stringContaining(
        'start.clientState: "zq-not-a-key" is not an Ed25519 public key (PEM, or its 32 bytes as hex or base64)',
      ),
    ]);
  });
});
