// OperatorError lives in @opkit/handlers (the activities there throw it too); core's modules import it from here.
export { OperatorError } from '@opkit/handlers';
export type { OperatorErrorCode } from '@opkit/handlers';
