// The n8n node's properties as n8n's node linter checks them: a string
// property whose name the linter takes for a secret's (a page token) is
// masked, though the manifest does not call it secret; two operations of one
// title are two options of different names; a text named for a colour is
// n8n's colour type.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../../test-support/runtime/ir-fixtures.js";
import type { ProviderIR } from "../../model/ir.js";
import { n8nNames, n8nNodeView } from "./n8n-node.js";

type Property = {
  name: string;
  value?: unknown;
  type: string;
  typeOptions?: { password?: boolean };
  options?: Property[];
};

/** Every property of the node, an Additional Fields collection's own included. */
const allProperties = (props: Property[]): Property[] =>
  props.flatMap((p) => [p, ...(p.type === "collection" ? allProperties(p.options ?? []) : [])]);

describe("n8n node properties", () => {
  it(
    "a string property named as n8n's linter names a secret's (node-param-type-options-password-missing) " +
      "is masked; a number, or maxTokens, is not",
    () => {
      const ir = irFixture("zqpayments") as unknown as ProviderIR;
      const list = ir.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
      const email = list.params.find((p) => p.name === "email")!;
      const param = (name: string, type: string, required = false) =>
        ({ ...email, name, title: name, type, required }) as typeof email;
      list.params.push(
        param("pageToken", "string"),
        param("zzClientSecretHint", "string", true),
        param("maxTokens", "string"),
        param("tokenCount", "number"),
      );
      const props = allProperties(n8nNodeView(ir, n8nNames(ir)).description.properties as Property[]);
      const masked = (name: string) => props.find((p) => p.name === name)?.typeOptions?.password === true;
      expect(props.map((p) => p.name)).toEqual(
        expect.arrayContaining(["pageToken", "zzClientSecretHint", "maxTokens", "tokenCount"]),
      );
      expect(masked("pageToken")).toBe(true);
      expect(masked("zzClientSecretHint")).toBe(true);
      expect(masked("maxTokens")).toBe(false);
      expect(masked("tokenCount")).toBe(false);
      expect(masked("email")).toBe(false);
    },
  );

  it(
    "a string property named for a colour (node-param-color-type-unused) is n8n's color type; one of choices, " +
      "or a number, keeps its own",
    () => {
      const ir = irFixture("zqpayments") as unknown as ProviderIR;
      const list = ir.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
      const email = list.params.find((p) => p.name === "email")!;
      const param = (name: string, extra: object) =>
        ({ ...email, name, title: name, required: true, ...extra }) as typeof email;
      list.params.push(
        param("zqTintColor", {}),
        param("zqBackgroundColour", {}),
        param("zqColorMode", { enum: ["zqdark", "zqlight"] }),
        param("zqColorCount", { type: "number" }),
      );
      const props = allProperties(n8nNodeView(ir, n8nNames(ir)).description.properties as Property[]);
      const type = (name: string) => props.find((p) => p.name === name)?.type;
      expect(type("zqTintColor")).toBe("color");
      expect(type("zqBackgroundColour")).toBe("color");
      expect(type("zqColorMode")).toBe("options");
      expect(type("zqColorCount")).toBe("number");
      expect(type("email")).toBe("string");
    },
  );

  it(
    "a choice whose value is upsert or getAll takes the name n8n's linter gives it " +
      "(node-param-option-name-wrong-for-upsert, -for-get-many); other values their display name",
    () => {
      const ir = irFixture("zqpayments") as unknown as ProviderIR;
      const list = ir.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
      const email = list.params.find((p) => p.name === "email")!;
      list.params.push({
        ...email,
        name: "zqWriteAction",
        title: "zqWriteAction",
        required: true,
        enum: ["create", "upsert", "getAll", "emplace"],
      } as typeof email);
      const props = allProperties(n8nNodeView(ir, n8nNames(ir)).description.properties as Property[]);
      const options = props.find((p) => p.name === "zqWriteAction")?.options?.map((o) => [o.name, o.value]);
      expect(options).toEqual([
        ["Create", "create"],
        ["Create or Update", "upsert"],
        ["Emplace", "emplace"],
        ["Get Many", "getAll"],
      ]);
    },
  );

  it(
    "two operations of one title are in resources of their own (their tags), " +
      "and two of one title in one resource are told apart by their ids (node-param-option-name-duplicate)",
    () => {
      const ir = irFixture("zqpayments") as unknown as ProviderIR;
      const [create, list] = ir.operations;
      ir.operations = [
        { ...list!, tags: ["letters"], tool: { ...list!.tool, id: "zqpayments_letters_list", title: "List" } },
        { ...list!, tags: ["addresses"], tool: { ...list!.tool, id: "zqpayments_addresses_list", title: "List" } },
        { ...create!, tags: ["letters"], tool: { ...create!.tool, id: "zqpayments_letter_create", title: "Create" } },
        {
          ...create!,
          tags: ["letters"],
          tool: { ...create!.tool, id: "zqpayments_letter_create_draft", title: "Create" },
        },
      ];
      const props = n8nNodeView(ir, n8nNames(ir)).description.properties as (Property & {
        displayOptions?: { show?: { resource?: string[] } };
      })[];
      const operations = props.filter((p) => p.name === "operation");
      const byResource = Object.fromEntries(
        operations.map((p) => [p.displayOptions?.show?.resource?.[0], (p.options ?? []).map((o) => [o.name, o.value])]),
      );
      expect(byResource).toEqual({
        address: [["List", "zqpayments_addresses_list"]],
        letter: [
          ["Create (Letter Create Draft)", "zqpayments_letter_create_draft"],
          ["Create (Letter Create)", "zqpayments_letter_create"],
          ["List", "zqpayments_letters_list"],
        ],
      });
    },
  );

  it(
    "gives a secret whose name n8n's linter takes for none (credential-unnecessary-password) a field that says it, " +
      "masked, and tells the node which parameter it holds",
    () => {
      const ir = irFixture("zqpayments") as unknown as ProviderIR;
      // The key of a header named like `X-Zq-Appkey`: "appkey" is none of the linter's secret names.
      for (const o of ir.operations)
        for (const p of o.tool.params) if (p.name === "apiKey") Object.assign(p, { name: "zqAppkey" });
      const view = n8nNodeView(ir, n8nNames(ir));
      const field = (view.credentialProperties as Property[]).find((p) => p.name.startsWith("zqAppkey"));
      expect(field).toMatchObject({ name: "zqAppkeySecret", typeOptions: { password: true } });
      expect(view.node.credentialParams).toContain("zqAppkey");
      expect(view.node.credentialFields).toEqual([["zqAppkey", "zqAppkeySecret"]]);
      // A secret the linter names as one keeps its parameter's name.
      const plain = n8nNodeView(irFixture("zqpayments") as unknown as ProviderIR, n8nNames(ir));
      expect(plain.node.credentialFields).toBeUndefined();
    },
  );

  it(
    "a json parameter whose forms include text (a name or an object) tells the node that text not JSON is the " +
      "value; one of objects alone does not",
    () => {
      const ir = irFixture("zqpayments") as unknown as ProviderIR;
      const list = ir.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
      const email = list.params.find((p) => p.name === "email")!;
      const param = (name: string, anyOf: object[] | undefined) =>
        ({ ...email, name, title: name, type: "json", jsonType: "object", anyOf, required: true }) as typeof email;
      list.params.push(
        param("zqVoice", [{ type: "string" }, { type: "json", jsonType: "object" }]),
        param("zqShape", undefined),
      );
      const view = n8nNodeView(ir, n8nNames(ir));
      const params = view.node.operations.zqpayments_list_customers!.params;
      expect(params.find((p) => p.name === "zqVoice")).toMatchObject({ as: "json", orText: true });
      expect(params.find((p) => p.name === "zqShape")).toMatchObject({ as: "json" });
      expect(params.find((p) => p.name === "zqShape")).not.toHaveProperty("orText");
    },
  );
});
