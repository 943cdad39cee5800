// Order-insensitive structural equality of JSON values. The store uses it to recognise no-op writes
// (which must not bump the resourceVersion nor emit an event) even when a patch rebuilt the object with
// its keys in another order. It is @opkit/json's jsonEqual: an integer is one value whether held as a
// number or a bigint, and a member holding `undefined` is absent, as when the object is written.
export { jsonEqual as deepEqual } from '@opkit/json';
