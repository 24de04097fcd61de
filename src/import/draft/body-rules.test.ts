// A request body's schema across its fields (body-rules.ts): a union of
// one branch is that branch, and branches that only require fields become
// the operation's cross-field rule, which the linked tool checks before any
// request.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const contact = (extra: Record<string, unknown>) => ({
  type: "object",
  properties: {
    email: { type: "string", maxLength: 200 },
    external_id: { type: "string", maxLength: 64 },
    role: { type: "string", maxLength: 20 },
    name: { type: "string", maxLength: 100 },
  },
  ...extra,
});
/** A document whose createContact takes `body` (a schema of the request body), components.schemas.zqContact given. */
const withBody = (body: Record<string, unknown>, schema: Record<string, unknown>) =>
  openapi(
    {
      "/contacts": {
        post: {
          operationId: "createContact",
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    },
    { schemas: { zqContact: schema } },
  );

describe("a request body", () => {
  it("that is a union of one branch (oneOf: [$ref]) is drafted as that branch's fields", () => {
    const d = drafted(withBody({ oneOf: [{ $ref: "#/components/schemas/zqContact" }] }, contact({})), [
      "createContact",
    ]);
    expect(Object.keys(d.manifest.operations.acme_create_contact!.params!)).toEqual([
      "email",
      "external_id",
      "role",
      "name",
    ]);
  });

  it("holding a field that is a union of one branch drafts that field as the branch, with its limits", () => {
    const schema = contact({
      properties: {
        email: { type: "string", maxLength: 200 },
        zqLimit: { oneOf: [{ $ref: "#/components/schemas/zqLimit" }] },
      },
    });
    const doc = withBody({ $ref: "#/components/schemas/zqContact" }, schema);
    doc.components.schemas.zqLimit = { type: "integer", minimum: 1, maximum: 50 };
    const d = drafted(doc, ["createContact"]);
    expect(d.manifest.operations.acme_create_contact!.params!.zqLimit).toMatchObject({
      type: "number",
      integer: true,
      minimum: 1,
      maximum: 50,
    });
    expect(notesAt(d, "operations.acme_create_contact.params.zqLimit").filter((n) => n.includes("oneOf"))).toEqual([]);
  });

  it(
    "whose anyOf branches only require fields is drafted with the rule anyOf, which the tool " +
      "checks before any request",
    async () => {
      const schema = contact({
        anyOf: [
          { required: ["email"], title: "With email" },
          { required: ["external_id"] },
          { required: ["role", "name"] },
        ],
      });
      const d = drafted(withBody({ oneOf: [{ $ref: "#/components/schemas/zqContact" }] }, schema), ["createContact"]);
      expect(d.manifest.operations.acme_create_contact!.rules).toEqual([
        { rule: "anyOf", groups: [["email"], ["external_id"], ["role", "name"]] },
      ]);
      expect(notesAt(d, "operations.acme_create_contact.rules")).toEqual([
        "the request body needs email, or external_id, or role and name (anyOf of required fields): drafted as the " +
          "rule anyOf, checked before any request",
      ]);
      expect(await linkProblems(d)).toEqual([]);
      const [tool] = await linkedTools(d);
      const { fetch, seen } = scriptedFetch(json(200, { id: "c1" }));
      const options = { baseUrl: "http://127.0.0.1:9", fetch };
      expect(
        await executeToolDefinition(tool!, { accessToken: "zq-token-000000001", name: "Ada" }, options),
      ).toMatchObject({ success: false, error: { type: "validation", rule: "anyOf" } });
      expect(seen).toHaveLength(0);
      expect(
        await executeToolDefinition(tool!, { accessToken: "zq-token-000000001", email: "ada@example.com" }, options),
      ).toMatchObject({ success: true });
    },
  );

  it("whose anyOf branches only require fields, one a field the body does not list: that branch left out", async () => {
    const schema = contact({
      anyOf: [{ required: ["email"] }, { required: ["zqunlisted"] }, { required: ["external_id"] }],
    });
    const d = drafted(withBody({ $ref: "#/components/schemas/zqContact" }, schema), ["createContact"]);
    expect(d.manifest.operations.acme_create_contact!.rules).toEqual([
      { rule: "anyOf", groups: [["email"], ["external_id"]] },
    ]);
    expect(notesAt(d, "operations.acme_create_contact.rules")).toEqual([
      "the request body needs email, or external_id (anyOf of required fields): drafted as the rule anyOf, checked " +
        "before any request; the branch requiring zqunlisted left out: no parameter sends such a field (the body's " +
        "properties do not list it)",
    ]);
    expect(await linkProblems(d)).toEqual([]);
    // With one sendable branch left, no rule: the fields stay as the document lists them.
    const lone = contact({ anyOf: [{ required: ["email"] }, { required: ["zqunlisted"] }] });
    expect(
      drafted(withBody({ $ref: "#/components/schemas/zqContact" }, lone), ["createContact"]).manifest.operations
        .acme_create_contact!.rules,
    ).toBeUndefined();
  });

  it("whose oneOf branches each require one field is drafted with the rule exactlyOne", () => {
    const d = drafted(
      withBody(
        { $ref: "#/components/schemas/zqContact" },
        contact({ oneOf: [{ required: ["email"] }, { required: ["external_id"] }] }),
      ),
      ["createContact"],
    );
    expect(d.manifest.operations.acme_create_contact!.rules).toEqual([
      { rule: "exactlyOne", params: ["email", "external_id"] },
    ]);
  });

  it("whose oneOf branches share required fields and differ in one each: those required, one of the rest", () => {
    const d = drafted(
      withBody(
        { $ref: "#/components/schemas/zqContact" },
        contact({ oneOf: [{ required: ["email", "name"] }, { required: ["external_id", "name"] }] }),
      ),
      ["createContact"],
    );
    const op = d.manifest.operations.acme_create_contact!;
    expect(op.rules).toEqual([{ rule: "exactlyOne", params: ["email", "external_id"] }]);
    expect([op.params!.name!.required, op.params!.email!.required, op.params!.external_id!.required]).toEqual([
      true,
      undefined,
      undefined,
    ]);
  });

  it("whose branches say more than what they require (shapes of their own) gets no rule", () => {
    const d = drafted(
      withBody(
        { $ref: "#/components/schemas/zqContact" },
        contact({ anyOf: [{ required: ["email"] }, { required: ["role"], properties: { role: { const: "lead" } } }] }),
      ),
      ["createContact"],
    );
    expect(d.manifest.operations.acme_create_contact!.rules).toBeUndefined();
  });

  it(
    "that must hold at least one field and requires none (minProperties: 1, a patch) is drafted " +
      "with the rule anyOf of each field",
    async () => {
      const d = drafted(
        withBody(
          { $ref: "#/components/schemas/zqContact" },
          contact({ minProperties: 1, additionalProperties: false }),
        ),
        ["createContact"],
      );
      expect(d.manifest.operations.acme_create_contact!.rules).toEqual([
        { rule: "anyOf", groups: [["email"], ["external_id"], ["role"], ["name"]] },
      ]);
      expect(notesAt(d, "operations.acme_create_contact.rules")).toEqual([
        "the request body must hold at least one field (minProperties: 1): drafted as the rule anyOf, one of email, " +
          "external_id, role, name, checked before any request",
      ]);
      expect(await linkProblems(d)).toEqual([]);
      const [tool] = await linkedTools(d);
      const { fetch, seen } = scriptedFetch(json(200, { id: "c1" }));
      const options = { baseUrl: "http://127.0.0.1:9", fetch };
      expect(await executeToolDefinition(tool!, { accessToken: "zq-token-000000001" }, options)).toMatchObject({
        success: false,
        error: { type: "validation", rule: "anyOf" },
      });
      expect(seen).toHaveLength(0);
      expect(
        await executeToolDefinition(tool!, { accessToken: "zq-token-000000001", role: "lead" }, options),
      ).toMatchObject({ success: true });
      // A body that requires a field, or may be empty, gets no such rule.
      for (const extra of [{ minProperties: 1, required: ["email"] }, { minProperties: 0 }]) {
        expect(
          drafted(withBody({ $ref: "#/components/schemas/zqContact" }, contact(extra)), ["createContact"]).manifest
            .operations.acme_create_contact!.rules,
        ).toBeUndefined();
      }
    },
  );

  it("whose union branches each only narrow a field to some values takes any of them as the field's enum", async () => {
    const narrowed = (values: string[]) => ({ type: "object", properties: { role: { type: "string", enum: values } } });
    const schema = contact({ additionalProperties: false, anyOf: [narrowed(["lead"]), narrowed(["owner", "viewer"])] });
    const d = drafted(withBody({ $ref: "#/components/schemas/zqContact" }, schema), ["createContact"]);
    expect(d.manifest.operations.acme_create_contact!.params!.role).toMatchObject({
      type: "string",
      enum: ["lead", "owner", "viewer"],
    });
    expect(notesAt(d, "operations.acme_create_contact.params.role")).toContain(
      "the request body's anyOf branches each allow some values of role: drafted as its enum, all of them",
    );
    expect(await linkProblems(d)).toEqual([]);
    // A oneOf whose branches share a value, or a branch that says more, leaves the field as its schema says.
    for (const branches of [
      { oneOf: [narrowed(["lead"]), narrowed(["lead", "owner"])] },
      { anyOf: [narrowed(["lead"]), { ...narrowed(["owner"]), required: ["role"] }] },
    ]) {
      expect(
        drafted(withBody({ $ref: "#/components/schemas/zqContact" }, contact(branches)), ["createContact"]).manifest
          .operations.acme_create_contact!.params!.role!.enum,
      ).toBeUndefined();
    }
  });
});
