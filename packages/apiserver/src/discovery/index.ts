// The discovery barrel: legacy and aggregated discovery documents, the minimal OpenAPI v3, /version.
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
