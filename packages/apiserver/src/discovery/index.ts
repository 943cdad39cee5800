// The discovery barrel: legacy and aggregated discovery documents, the minimal OpenAPI v3, the OpenAPI v2 converted from it, /version.
export {
  AGGREGATED_CONTENT_TYPE,
  aggregatedContentType,
  aggregatedDiscovery,
  aggregatedVersionAccepted,
  apiGroup,
  apiGroupList,
  apiResourceList,
  apiVersions,
  hashOf,
} from './discovery.js';
export { OpenApiCache, VERSION_INFO, openApiDocument } from './openapi.js';
export { OPENAPI_V2_PROTOBUF, OPENAPI_V2_PROTOBUF_CONTENT_TYPE, openApiV2Document, openApiV2Forms, wantsOpenApiV2Protobuf } from './openapiV2.js';
export type { OpenApiV2Forms } from './openapiV2.js';
