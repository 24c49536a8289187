import { describe } from 'vitest';
import { eventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

// Needs a running EventStoreDB (e.g. EVENTSTORE_URL=esdb://127.0.0.1:2113?tls=false); the server is shared,
// so the contract names its streams uniquely and does not expect an empty store.
const url = process.env.EVENTSTORE_URL;

describe.skipIf(!url)(url ? 'EventStoreDB' : 'EventStoreDB contract skipped: EVENTSTORE_URL not set', () => {
  eventStoreContract(
    'EventStoreDB',
    async () => {
      const store = EventStoreDbEventStore.connect(url as string);
      return { store, cleanup: () => store.close() };
    },
    { idempotentWithAny: false, startsEmpty: false, knowsOrganizationHead: false },
  );
});
