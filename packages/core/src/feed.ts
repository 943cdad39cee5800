// The feed's format lives in @opkit/handlers (every reporting package shares it); core's modules import it from here.
export { FEED_VERSION, feedLogger } from '@opkit/handlers';
export type { FeedEvent, FeedEventInput, FeedObjectRef, FeedHandlerOutcome, FeedPeer } from '@opkit/handlers';
