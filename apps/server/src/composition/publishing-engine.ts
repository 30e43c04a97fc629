import type { AppServices } from './services';
import type { Log } from '../lib/logger';
import { createDispatcher, type Dispatcher, type DispatcherOptions } from '../modules/publishing/dispatcher';
import { createPublisher, type Publisher, type PublisherOptions } from '../modules/publishing/publisher';

export interface PublishingEngine {
  publisher: Publisher;
  dispatcher: Dispatcher;
}

/** The worker's side of publishing: the publisher and the dispatcher that times it. */
export function createPublishingEngine(
  services: AppServices,
  deps: {
    connectionString: string;
    workerId: string;
    log: Log;
    publisher?: Partial<PublisherOptions>;
    dispatcher?: Partial<DispatcherOptions>;
  },
): PublishingEngine {
  const publisher = createPublisher({
    db: services.db,
    providers: services.providers,
    vault: services.vault,
    media: services.media,
    rateLimits: services.rateLimits,
    mail: services.mail,
    queue: services.queue,
    clock: services.clock,
    log: deps.log,
    publicUrl: services.config.publicUrl,
    linkFetch: services.config.linkFetch,
    options: {
      workerId: deps.workerId,
      missedAfterMs: services.config.publishMissedAfterMs,
      networkTimeoutMs: services.config.networkTimeoutMs,
      linkedInDailyCalls: services.config.linkedin?.dailyCalls,
      ...deps.publisher,
    },
  });
  const dispatcher = createDispatcher({
    db: services.db,
    connectionString: deps.connectionString,
    publisher,
    clock: services.clock,
    log: deps.log,
    options: { workerId: deps.workerId, ...deps.dispatcher },
  });
  return { publisher, dispatcher };
}
