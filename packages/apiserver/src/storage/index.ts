// The store's barrel: the object store with the global resourceVersion, and the bounded watch history.
export { ObjectStore, objectKey, sameContent } from './objectStore.js';
export type { ObjectRef, StoreListener } from './objectStore.js';
export { WatchHistory } from './history.js';
export type { StoreEvent } from './history.js';
export { deepEqual } from './deepEqual.js';
