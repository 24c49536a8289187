/**
 * One query per key shared by concurrent callers, but only a query that started after the caller arrived: a
 * query already running may predate the caller's own write (answered just before), so a caller never joins
 * it; it waits for the next one, which everyone arriving meanwhile shares. Under many concurrent requests
 * this is a couple of queries per round instead of one per request, and read-your-writes holds.
 */
export function freshFlights<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const flights = new Map<string, { running: Promise<T> | null; next: Promise<T> | null }>();
  return (key, run) => {
    let flight = flights.get(key);
    if (!flight) flights.set(key, (flight = { running: null, next: null }));
    const f = flight;
    const start = (): Promise<T> => {
      const running: Promise<T> = run().finally(() => {
        if (f.running === running) f.running = null;
        if (!f.running && !f.next) flights.delete(key);
      });
      f.running = running;
      return running;
    };
    if (!f.running) return start();
    f.next ??= f.running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        f.next = null;
        return start();
      });
    return f.next;
  };
}
