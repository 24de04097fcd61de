// TypeScript types of an OpenAPI document, through openapi-typescript's own
// transform (in-process: its CLI costs a second of start-up per spec).
//
// openapiTS() would first serialise the document we already parsed, lint it
// (with the config it builds, the only rule that runs is "operationIds are
// unique", which the link step checks with positions) and bundle it (a no-op:
// loadOpenApi bundled it already when it spans several files). Calling the
// exported transform on a bundled document skips those two walks of the whole
// document, about a third of openapi-typescript's time per spec.
import { createConfig } from "@redocly/openapi-core";
import { astToString, scanDiscriminators, resolveRef, transformSchema, type GlobalContext, type OpenAPI3 } from "openapi-typescript";
import { tsHeader } from "./emit.js";

let redoc: GlobalContext["redoc"] | undefined;

export async function emitOpenApiTypes(document: unknown, inputs: string[]): Promise<string> {
  // The transform patches discriminator enums into the schema it is given: it gets its own copy.
  const schema = structuredClone(document) as OpenAPI3;
  redoc ??= await createConfig({});
  const ctx: GlobalContext = {
    // openapiTS()'s defaults (openapi-typescript 7), with alphabetize off as before; emit-types.test.ts pins the output to openapiTS()'s.
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators: scanDiscriminators(schema, { silent: false }),
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    redoc,
    silent: false,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve: ($ref) => resolveRef(schema, $ref, { silent: false }),
  };
  return `${tsHeader(inputs)}\n${astToString(transformSchema(schema, ctx))}`;
}
