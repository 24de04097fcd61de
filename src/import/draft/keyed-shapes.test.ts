// A body that is one of several shapes, each an object of one field of its own
// (a tagged union as serde writes one: `{github: {…}}` or `{s3: {…}}`), beside
// common fields (`allOf: [{oneOf: shapes}, common]`). Each shape's field is
// drafted; a call must give exactly one of them: none meets no shape, two meet
// two, and the oneOf refuses both. Without the rule exactlyOne, the contract
// suite's minimal call sent the common fields alone and its "every parameter"
// call sent every shape, which the request judge refused.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const shape = (field: string, inner: Record<string, unknown>) => ({
  type: "object",
  required: [field],
  properties: { [field]: { type: "object", required: Object.keys(inner), properties: inner } },
});
const repo = shape("repo", { url: { type: "string" } });
const bucket = shape("bucket", { name: { type: "string" }, region: { type: "string" } });
const upload = shape("upload", {});
const common = { type: "object", required: ["database"], properties: { database: { type: "string" } } };

function doc(branches: unknown[]) {
  const body = {
    required: true,
    content: { "application/json": { schema: { allOf: [{ oneOf: branches }, common] } } },
  };
  return openapi({
    "/zqsources": {
      post: {
        operationId: "createZqsource",
        requestBody: body,
        responses: { "201": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "s1" }) },
      },
    },
  });
}

describe("a body of shapes, each one field of its own, none open", () => {
  it("drafts the rule exactlyOne over the shapes' fields, and the draft links", async () => {
    const d = drafted(doc([repo, bucket, upload]), ["createZqsource"], "zqsrc");
    const op = d.manifest.operations.zqsrc_create_zqsource!;
    expect(op.rules).toEqual([{ rule: "exactlyOne", params: ["repo", "bucket", "upload"] }]);
    expect(op.params?.database?.required).toBe(true);
    expect(op.params?.repo?.required).toBeFalsy();
    expect(await linkProblems(d, "zqsrc")).toEqual([]);
  });

  it("a shape with an optional field of its own: the rule over required fields, the field drafted", async () => {
    const loose = { ...bucket, properties: { ...bucket.properties, note: { type: "string" } } };
    const d = drafted(doc([repo, loose]), ["createZqsource"], "zqsrc");
    const op = d.manifest.operations.zqsrc_create_zqsource!;
    expect(op.rules).toEqual([{ rule: "exactlyOne", params: ["repo", "bucket"] }]);
    expect(op.params?.note?.required).toBeFalsy();
    expect(await linkProblems(d, "zqsrc")).toEqual([]);
    // A closed shape would refuse the other's optional field: no rule.
    const closed = { ...repo, additionalProperties: false };
    expect(
      drafted(doc([closed, loose]), ["createZqsource"], "zqsrc").manifest.operations.zqsrc_create_zqsource!.rules,
    ).toBeUndefined();
  });

  it("with optional fields of their own, every derived case passes on the mock and its judge", async () => {
    const loose = { ...bucket, properties: { ...bucket.properties, note: { type: "string", maxLength: 40 } } };
    const { ids, failed } = await failedCases(drafted(doc([repo, loose]), ["createZqsource"], "zqsrc"), "zqsrc");
    expect(ids.length).toBeGreaterThan(3);
    expect(failed).toEqual([]);
  });

  it("every derived case passes on the mock and its judge (each call gives one shape)", async () => {
    const { ids, failed } = await failedCases(
      drafted(doc([repo, bucket, upload]), ["createZqsource"], "zqsrc"),
      "zqsrc",
    );
    expect(ids.length).toBeGreaterThan(3);
    expect(failed).toEqual([]);
  });
});

// A shape of several fields of its own (a bank account by IBAN with BIC, or by account and routing number), none open:
// a call gives one shape whole. With no rule, a call of the common fields alone, of part of a shape, or of two shapes
// was sent, each a body the oneOf refuses.
const iban = {
  type: "object",
  required: ["iban", "bic"],
  properties: { iban: { type: "string", maxLength: 34 }, bic: { type: "string", maxLength: 11 } },
};
const account = {
  type: "object",
  required: ["accountNumber", "routingNumber"],
  properties: { accountNumber: { type: "string" }, routingNumber: { type: "string" } },
};

describe("a body of shapes, one of several fields of its own, none open", () => {
  it("drafts the rules atMostOne and anyOf over the shapes' fields, a group a shape, and the draft links", async () => {
    const d = drafted(doc([iban, account, repo]), ["createZqsource"], "zqsrc");
    const op = d.manifest.operations.zqsrc_create_zqsource!;
    const groups = [["iban", "bic"], ["accountNumber", "routingNumber"], ["repo"]];
    expect(op.rules).toEqual([
      { rule: "atMostOne", groups },
      { rule: "anyOf", groups },
    ]);
    for (const field of groups.flat()) expect(op.params?.[field]?.required).toBeFalsy();
    expect(await linkProblems(d, "zqsrc")).toEqual([]);
  });

  it("every derived case passes on the mock and its judge: none, part of a shape and two shapes refused", async () => {
    const { ids, failed } = await failedCases(drafted(doc([iban, account]), ["createZqsource"], "zqsrc"), "zqsrc");
    for (const refused of ["anyOf: none of", "atMostOne: iban without bic", "atMostOne: iban with bic and"])
      expect(ids.some((n) => n.includes(refused))).toBe(true);
    expect(failed).toEqual([]);
  });
});

// The same shapes as the whole body, nothing beside them (`oneOf: [iban shape, account shape]`): drafted as one JSON
// parameter, a call of `{}`, of part of a shape or of two shapes was sent.
function unionDoc(branches: unknown[]) {
  return openapi({
    "/zqpayouts": {
      post: {
        operationId: "createZqpayout",
        requestBody: { required: true, content: { "application/json": { schema: { oneOf: branches } } } },
        responses: { "201": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "p1" }) },
      },
    },
  });
}

describe("a body that is one of several shapes and nothing beside, each of required fields of its own", () => {
  it("drafts the fields as parameters with the rules over them; shapes sharing a field stay one parameter", () => {
    const op = drafted(unionDoc([iban, account]), ["createZqpayout"], "zqpay").manifest.operations
      .zqpay_create_zqpayout!;
    expect(Object.keys(op.params ?? {})).toEqual(["iban", "bic", "accountNumber", "routingNumber"]);
    expect(op.params?.iban?.wire).toEqual({ in: "body" });
    expect(op.rules?.map((r) => r.rule)).toEqual(["atMostOne", "anyOf"]);
    const shared = {
      ...account,
      required: [...account.required, "bic"],
      properties: { ...account.properties, bic: {} },
    };
    const whole = drafted(unionDoc([iban, shared]), ["createZqpayout"], "zqpay").manifest.operations
      .zqpay_create_zqpayout!;
    expect(Object.keys(whole.params ?? {})).toEqual(["body"]);
    // A shape's optional field is drafted beside the ones it requires; beside a closed shape, the body stays whole.
    const loose = { ...account, properties: { ...account.properties, memo: { type: "string" } } };
    const paramsOf = (branches: unknown[]) =>
      Object.keys(
        drafted(unionDoc(branches), ["createZqpayout"], "zqpay").manifest.operations.zqpay_create_zqpayout!.params ??
          {},
      );
    expect(paramsOf([iban, loose])).toEqual(["iban", "bic", "accountNumber", "routingNumber", "memo"]);
    expect(paramsOf([{ ...iban, unevaluatedProperties: false }, loose])).toEqual(["body"]);
  });

  it("with an optional field of its own, every derived case passes on the mock and its judge", async () => {
    const loose = { ...account, properties: { ...account.properties, memo: { type: "string", maxLength: 40 } } };
    const { ids, failed } = await failedCases(drafted(unionDoc([iban, loose]), ["createZqpayout"], "zqpay"), "zqpay");
    expect(ids.length).toBeGreaterThan(3);
    expect(failed).toEqual([]);
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(
      drafted(unionDoc([iban, account, repo]), ["createZqpayout"], "zqpay"),
      "zqpay",
    );
    expect(ids.length).toBeGreaterThan(3);
    expect(failed).toEqual([]);
  });
});
